from typing import Any

document: Any
window: Any
