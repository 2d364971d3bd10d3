"""What every table stands on: the scene and its cards, the seat table, keys, panels, texts, files."""
from desktop.frame import pyside_hook

# Imported first by whatever draws a table, once PySide is loaded: PySide keeps no module's source from here on.
pyside_hook.install()
