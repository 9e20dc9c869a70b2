/* image_train.c - (being written) */
#include "image/image.h"
