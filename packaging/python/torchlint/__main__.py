"""`python -m torchlint` and the `torchlint` command: replace this process by the program, so
exit codes, signals, standard streams and terminal detection are the program's own."""
import os
import sys

from torchlint import program_path


def main():
    program = program_path()
    try:
        os.execv(program, ["torchlint", *sys.argv[1:]])
    except OSError as e:
        sys.stderr.write(f"error: cannot run {program}: {e.strerror}\n")
        return 2


if __name__ == "__main__":
    sys.exit(main())
