// The words this page's JavaScript shows, in the page's language (docs/languages.md
// "JavaScript"). The page carries them as JSON in <meta name="fp-words" content="…">
// (web/js_words.py, from the catalogues); every script asks here:
//   fairpairWords.t("Paused")                               → "Pausa" on a Spanish page
//   fairpairWords.t("Page %(page)s of %(pages)s", {page: 2, pages: 5})
//   fairpairWords.n("%(num)d result sent and recorded.", "%(num)d results sent and recorded.", n)
// A word the page does not carry (an English page carries none) is the English text itself.
"use strict";
(function () {
  var words = null;

  function load() {
    if (words === null) {
      var el = document.querySelector('meta[name="fp-words"]');
      try { words = el ? JSON.parse(el.getAttribute("content") || "{}") : {}; } catch (e) { words = {}; }
      words.words = words.words || {};
      words.plurals = words.plurals || {};
    }
    return words;
  }

  function fill(text, values) {
    if (!values) return text;
    return text.replace(/%\((\w+)\)[sd]/g, function (all, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : all;
    });
  }

  function t(english, values) {
    var found = load().words[english];
    return fill(typeof found === "string" ? found : english, values);
  }

  function n(singular, plural, count, values) {
    var forms = load().plurals[singular], text;
    if (forms) {
      var kind = "other";
      try { kind = new Intl.PluralRules(document.documentElement.lang || "en").select(count); } catch (e) { /* old browser */ }
      text = forms[kind] || forms.other;
    }
    if (typeof text !== "string") text = count === 1 ? singular : plural;
    var all = { num: count };
    Object.keys(values || {}).forEach(function (k) { all[k] = values[k]; });
    return fill(text, all);
  }

  window.fairpairWords = { t: t, n: n };
})();
