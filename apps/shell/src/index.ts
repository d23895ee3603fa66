// The web fonts' @font-face rules: a .css file linked from the page, never JavaScript.
import '@northstar/ui/fonts.css';

// The async boundary: shared singletons are negotiated by the federation runtime before the
// application code (and React) is evaluated.
void import('./bootstrap.tsx');
