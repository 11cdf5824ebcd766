"""The storage device of hlt.toml: writes what the trigger accepted."""

import os

import evflow as ef

OUTPUT = "out/hlt.evf"
os.makedirs(os.path.dirname(OUTPUT), exist_ok=True)
path = ef.Path()
path.add(ef.modules.FileOutput(OUTPUT, compression="zstd"))
