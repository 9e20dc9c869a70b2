/* image_diffusers.c - (being written) */
#include "image/image.h"
