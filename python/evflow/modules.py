"""Built-in modules, written in Rust: sources, file output, progress bar."""

from evflow._native import EventGenerator, FileInput, FileOutput, Progress

__all__ = ["EventGenerator", "FileInput", "FileOutput", "Progress"]
