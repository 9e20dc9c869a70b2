/* image_plan.c - (being written) */
#include "image/image.h"
