#pragma once
#include <host_defines.h>
