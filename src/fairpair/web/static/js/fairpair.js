// fairpair's shared behaviour (no inline script: the pages' CSP forbids it). Each screen's own
// script is a separate file under /static/js/. Every page works without it; it only helps.
"use strict";
// A refusal to an htmx request (4xx) is swapped in like any answer (see the htmx-config meta
// in base.html), so the message shows next to what caused it.
