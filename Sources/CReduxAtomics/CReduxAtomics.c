// The functions are all `static inline` in the header; this file defines the stamp counter they share.
#include "CReduxAtomics.h"

unsigned long long c_redux_stamp_counter = 0;
