"""The desktop program: the only package that imports PySide6."""
