// Explanations in pictures and the step-through page (explanation.hpp).
#include "sudoku/explanation.hpp"

#include <fmt/format.h>
#include <svg/cells.hpp>

#include <utility>

namespace sudoku {

namespace {

// HTML text and attribute values follow XML's rules here: the page inlines
// SVG, and a file name may hold any bytes.
using svg::escape;

}  // namespace

explanation_builder::explanation_builder(const variant& v, const grid& puzzle, std::string id)
    : v_(v), board_(board_state::with_candidates(v, puzzle)), id_(std::move(id)) {
  frames_.push_back(
      {"the puzzle, with the candidates its givens leave", render_svg(v_, board_, {}, options(0))});
}

svg_options explanation_builder::options(std::size_t frame) const {
  svg_options o;
  o.id = fmt::format("{}-{}", id_, frame);
  return o;
}

void explanation_builder::step(std::string text, const highlight& marks) {
  svg_options o = options(frames_.size());
  o.title = text;
  frames_.push_back({std::move(text), render_svg(v_, board_, marks, o)});
  board_.apply(v_, marks);
}

explained_puzzle explanation_builder::finish(std::string heading, std::string summary,
                                             const grid* end, std::string end_text) {
  svg_options o = options(frames_.size());
  o.title = end_text;
  board_state last = board_;
  if (end != nullptr) {
    last.digits = *end;
    last.candidates.clear();
  }
  frames_.push_back({std::move(end_text), render_svg(v_, last, {}, o)});
  return {std::move(heading), std::move(summary), std::move(frames_)};
}

// ---- The page.

std::string html_page_begin(std::string_view title) {
  return fmt::format(R"(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{}</title>
<style>
  :root {{ color-scheme: light dark; }}
  body {{ font-family: system-ui, sans-serif; margin: 1.5em; background: #fafafa; color: #1b1b1b; }}
  @media (prefers-color-scheme: dark) {{ body {{ background: #1e1f22; color: #e8e8e8; }} }}
  section.puzzle {{ margin-bottom: 3em; outline: none; }}
  section.puzzle h2 {{ margin: 0 0 0.2em; font-size: 1.2em; }}
  .summary {{ margin: 0 0 0.8em; font-weight: 600; }}
  .nav {{ display: flex; gap: 0.5em; align-items: center; margin-bottom: 0.8em; }}
  .nav button {{ font: inherit; padding: 0.3em 0.8em; cursor: pointer; }}
  .frame {{ display: flex; flex-wrap: wrap; gap: 1.5em; align-items: flex-start; }}
  .frame[hidden] {{ display: none; }}
  .frame svg {{ max-width: min(90vw, 560px); height: auto; }}
  .frame .text {{ max-width: 32em; font-size: 1.05em; line-height: 1.5; }}
  .help {{ color: #777; font-size: 0.9em; }}
</style>
</head>
<body>
<h1>{}</h1>
<p class="help">Back and Next, or the arrow keys, step through each explanation; Home and End go to either end.</p>
)",
                     escape(title), escape(title));
}

std::string html_section(const explained_puzzle& p) {
  std::string out = fmt::format(
      "<section class=\"puzzle\" tabindex=\"0\" data-frames=\"{}\">\n<h2>{}</h2>\n"
      "<p class=\"summary\">{}</p>\n<div class=\"nav\">"
      "<button type=\"button\" data-go=\"first\" title=\"first (Home)\">&#xAB; First</button>"
      "<button type=\"button\" data-go=\"back\" title=\"back (left arrow)\">&#x25C0; Back</button>"
      "<span class=\"counter\">1 / {}</span>"
      "<button type=\"button\" data-go=\"next\" title=\"next (right arrow)\">Next &#x25B6;</button>"
      "<button type=\"button\" data-go=\"last\" title=\"last (End)\">Last &#xBB;</button></div>\n",
      p.frames.size(), escape(p.heading), escape(p.summary), p.frames.size());
  for (std::size_t f = 0; f < p.frames.size(); ++f) {
    const std::string label = f == 0                     ? std::string("start")
                              : f + 1 == p.frames.size() ? std::string("end")
                                                         : fmt::format("step {}", f);
    fmt::format_to(std::back_inserter(out),
                   "<div class=\"frame\" data-frame=\"{}\"{}>\n<div class=\"picture\">\n{}</div>\n"
                   "<p class=\"text\"><b>{}</b>: {}</p>\n</div>\n",
                   f, f == 0 ? "" : " hidden", p.frames[f].svg, label, escape(p.frames[f].text));
  }
  out += "</section>\n";
  return out;
}

std::string html_page_end() {
  return R"(<script>
(function () {
  const sections = Array.from(document.querySelectorAll("section.puzzle"));
  let active = sections[0];
  function show(section, index) {
    const frames = section.querySelectorAll(".frame");
    index = Math.max(0, Math.min(frames.length - 1, index));
    frames.forEach((f, i) => { f.hidden = i !== index; });
    section.dataset.current = index;
    section.querySelector(".counter").textContent = (index + 1) + " / " + frames.length;
  }
  function go(section, where) {
    const now = Number(section.dataset.current || 0);
    const count = section.querySelectorAll(".frame").length;
    const to = { first: 0, back: now - 1, next: now + 1, last: count - 1 }[where];
    show(section, to);
    active = section;
  }
  sections.forEach((s) => {
    show(s, 0);
    s.querySelectorAll("button[data-go]").forEach((b) =>
      b.addEventListener("click", () => go(s, b.dataset.go)));
    s.addEventListener("focusin", () => { active = s; });
    s.addEventListener("click", () => { active = s; });
  });
  document.addEventListener("keydown", (e) => {
    if (!active || e.altKey || e.ctrlKey || e.metaKey) return;
    const where = { ArrowLeft: "back", ArrowRight: "next", Home: "first", End: "last" }[e.key];
    if (!where) return;
    e.preventDefault();
    go(active, where);
  });
})();
</script>
</body>
</html>
)";
}

}  // namespace sudoku
