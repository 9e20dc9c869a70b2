/* image_speed.c - (being written) */
#include "image/image.h"
