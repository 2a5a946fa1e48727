// The functions are all `static inline` in the header; this file only makes the target buildable.
#include "CReduxAtomics.h"
