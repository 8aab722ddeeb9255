"""torchlint, a static analyzer for PyTorch code. The analyzer is a native program shipped in
this package (bin/torchlint, with its C/C++/CUDA front end bin/torchlint-cxx beside it)."""
import os

BIN_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin")


def program_path():
    """The path of the torchlint program inside the installed package."""
    return os.path.join(BIN_DIR, "torchlint")
