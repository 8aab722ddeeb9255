#pragma once
#include <driver_types.h>
