#pragma once
#include <texture_fetch_functions.h>
