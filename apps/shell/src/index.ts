// The async boundary: shared singletons are negotiated by the federation runtime before the
// application code (and React) is evaluated.
void import('./bootstrap.tsx');
