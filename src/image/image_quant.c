/* image_quant.c - (being written) */
#include "image/image.h"
