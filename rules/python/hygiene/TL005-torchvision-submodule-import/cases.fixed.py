from torchvision import models  # expect: TL005
from torchvision import datasets  # expect: TL005
import os, torchvision.ops as ops  # expect: TL005
import torchvision.io as io, sys  # expect: TL005
import torchvision.utils as utils, torchvision.ops as ops  # expect: TL005

# ---- negatives ----
import torchvision.transforms.v2 as v2
import torchvision.transforms as T
import torchvision.ops
import torch.nn as nn
from torchvision import io
import torchvision.models.detection as detection, os
import torchvision.transforms as T, torchvision.ops
