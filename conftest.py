"""Repository-wide pytest setup: the repository root is importable (`ui`, `tools`, `engine`)."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
