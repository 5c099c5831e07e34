"""The page's entry point, which PyScript runs. The game's page code is the module app.py: it
ships in python.zip with its bytecode compiled ahead, so starting costs no compile here."""

import app

page = app.main()
