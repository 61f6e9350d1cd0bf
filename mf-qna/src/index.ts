// The async boundary: the federation runtime settles the shared modules before bootstrap runs.
import('./bootstrap.js');
