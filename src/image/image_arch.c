/* image_arch.c - (being written) */
#include "image/image.h"
