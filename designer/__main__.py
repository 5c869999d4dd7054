from designer.cli import run

run()
