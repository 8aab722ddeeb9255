from .nets import Decoder
