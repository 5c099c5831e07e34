"""The page's entry point, which PyScript runs. The game's Python (the engine, the page code in
app.py, the catalogues) is imported straight from python.zip, whose modules carry bytecode
compiled ahead: starting costs neither unpacking nor compiling."""

import os
import sys

sys.path.insert(0, os.path.abspath("python.zip"))

import app  # noqa: E402

page = app.main()
