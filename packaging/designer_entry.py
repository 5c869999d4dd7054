"""Entry point of the PyInstaller build: the same ``designer`` command as the wheel's script."""

from designer.cli import run

if __name__ == "__main__":
    run()
