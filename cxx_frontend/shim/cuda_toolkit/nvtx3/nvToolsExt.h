#pragma once
#include <nvToolsExt.h>
