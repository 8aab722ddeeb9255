import torchvision.models as models  # expect: TL005
import torchvision.datasets as datasets  # expect: TL005

# ---- negatives ----
import torchvision.transforms.v2 as v2
import torchvision.transforms as T
import torchvision.ops
import torch.nn as nn
from torchvision import io
import torchvision.models as models, torchvision.ops as ops
