"""Browser front end: binds the rules engine (`engine`) to the page through PyScript.

Every module takes the DOM objects (`window`, `document`) as arguments instead of importing
them, so the logic also runs, and is unit-tested, in plain CPython with a stand-in DOM.
"""
