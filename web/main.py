"""The page's entry point, which PyScript runs. The game's Python (the engine, the page's
modules, the catalogues) is imported from python.zip, whose modules carry bytecode compiled
ahead: starting costs no compiling. It arrives gzipped as a whole (python.zip.gz, a smaller
download than the zip's own compression) and is unpacked here once, in a few milliseconds."""

import os
import sys
import zlib

with open("python.zip.gz", "rb") as packed:
    archive = packed.read()
if archive[:2] == b"\x1f\x8b":  # else a server has already unpacked it on the way
    archive = zlib.decompress(archive, wbits=31)
with open("python.zip", "wb") as unpacked:
    unpacked.write(archive)
del archive
sys.path.insert(0, os.path.abspath("python.zip"))

import app  # noqa: E402

page = app.main()
