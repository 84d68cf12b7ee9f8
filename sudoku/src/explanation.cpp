// Explanations in pictures and the step-through page (explanation.hpp).
#include "sudoku/explanation.hpp"

#include <fmt/core.h>
#include <svg/cells.hpp>

#include <algorithm>
#include <string_view>
#include <utility>
#include <vector>

namespace sudoku {

namespace {

// HTML text and attribute values follow XML's rules here: the page inlines
// SVG, and a file name may hold any bytes.
using svg::escape;

// ---- Each picture as the edit that makes it from the one before.
//
// A page held every picture whole: 858 KB for a 57-step puzzle, 15 KB a
// picture of which the grid and the digits that stay put are most. Two
// consecutive pictures differ only by a step's marks, the digit it placed and
// the candidates it removed, a few lines of the SVG (one element a line): so
// the page holds the first picture whole and each other one as the lines to
// keep, remove and insert to make it from the one before, and its script
// makes a picture when it is shown.

std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> out;
  for (std::size_t at = 0; at < text.size();) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    out.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return out;
}

// A JSON string, safe inside <script>: no "</" that would close it.
void append_json(std::string& out, std::string_view text) {
  out += '"';
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '/' && i > 0 && text[i - 1] == '<') {
      out += "\\/";
    } else if (static_cast<unsigned char>(c) < 0x20) {
      out += fmt::format("\\u{:04x}", static_cast<unsigned>(c));
    } else {
      out += c;
    }
  }
  out += '"';
}

// The edit that makes `b` from `a` as a JSON array of runs, each three
// entries: lines kept, lines removed, the array of lines inserted; lines after
// the last run are kept. Myers's O(ND) difference: `furthest[d]` holds, for each
// diagonal k = x - y in [-d, d], how far along `a` (x) a path of d removals and
// insertions reaches. Past `most` edits the whole of `b` replaces `a`.
std::string edit_json(const std::vector<std::string_view>& a,
                      const std::vector<std::string_view>& b) {
  const long n = static_cast<long>(a.size()), m = static_cast<long>(b.size());
  // (From nothing or to nothing, the edit is plain: no search.)
  const long most = n == 0 || m == 0 ? 0 : std::min(n + m, 1000L);
  std::vector<std::vector<long>> furthest;
  const auto at = [&](std::vector<long>& row, long k, long d) -> long& {
    return row[static_cast<std::size_t>(k + d)];
  };
  const auto line = [](const std::vector<std::string_view>& l, long i) {
    return l[static_cast<std::size_t>(i)];
  };
  long found = -1;
  for (long d = 0; d <= most && found < 0; ++d) {
    std::vector<long> row(static_cast<std::size_t>(2 * d + 1));
    for (long k = -d; k <= d; k += 2) {
      const auto previous = [&](long j) { return at(furthest.back(), j, d - 1); };
      long x = d == 0                                                     ? 0
               : k == -d || (k != d && previous(k - 1) < previous(k + 1)) ? previous(k + 1)
                                                                          : previous(k - 1) + 1;
      long y = x - k;
      while (x < n && y < m && line(a, x) == line(b, y))
        ++x, ++y;
      at(row, k, d) = x;
      if (x >= n && y >= m) found = d;
    }
    furthest.push_back(std::move(row));
  }

  // Walk back from the end: each step a run of kept lines and one edit.
  enum class op : char { keep, remove, insert };
  std::vector<std::pair<op, long>> ops;  // the line of `a` kept or removed, of `b` inserted
  long x = n, y = m;
  for (long d = found; d > 0 && found >= 0; --d) {
    const long k = x - y;
    const auto previous = [&](long j) {
      return at(furthest[static_cast<std::size_t>(d - 1)], j, d - 1);
    };
    const bool down = k == -d || (k != d && previous(k - 1) < previous(k + 1));
    const long from_k = down ? k + 1 : k - 1;
    const long from_x = previous(from_k), from_y = from_x - from_k;
    const long mid_x = down ? from_x : from_x + 1;
    while (x > mid_x)
      ops.push_back({op::keep, --x}), --y;
    ops.push_back(down ? std::pair{op::insert, from_y} : std::pair{op::remove, from_x});
    x = from_x, y = from_y;
  }
  while (x > 0 && found >= 0)
    ops.push_back({op::keep, --x}), --y;
  std::reverse(ops.begin(), ops.end());

  std::string out = "[";
  const auto run = [&](long keep, long remove, const std::vector<std::string_view>& insert) {
    if (out.size() > 1) out += ',';
    out += fmt::format("{},{},[", keep, remove);
    for (std::size_t i = 0; i < insert.size(); ++i) {
      if (i > 0) out += ',';
      append_json(out, insert[i]);
    }
    out += ']';
  };
  if (found < 0) {
    run(0, n, b);
  } else {
    long keep = 0, remove = 0;
    std::vector<std::string_view> insert;
    for (const auto& [what, i] : ops) {
      if (what == op::keep) {
        if (remove > 0 || !insert.empty()) {
          run(keep, remove, insert);
          keep = remove = 0;
          insert.clear();
        }
        ++keep;
      } else if (what == op::remove) {
        ++remove;
      } else {
        insert.push_back(line(b, i));
      }
    }
    if (remove > 0 || !insert.empty()) run(keep, remove, insert);
  }
  out += ']';
  return out;
}

std::string count_of_steps(std::size_t steps) {
  return fmt::format("{} step{}", steps, steps == 1 ? "" : "s");
}

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
  body {{ font-family: system-ui, sans-serif; margin: 1em 1.5em; background: #fafafa; color: #1b1b1b; }}
  @media (prefers-color-scheme: dark) {{ body {{ background: #1e1f22; color: #e8e8e8; }} }}
  h1 {{ font-size: 1.4em; margin: 0 0 0.2em; }}
  section.puzzle {{ margin-bottom: 3em; outline: none; }}
  section.puzzle h2 {{ margin: 0 0 0.2em; font-size: 1.2em; }}
  .summary {{ margin: 0 0 0.8em; font-weight: 600; }}
  .nav {{ display: flex; flex-wrap: wrap; gap: 0.5em; align-items: center; margin-bottom: 0.8em; }}
  .nav button {{ font: inherit; padding: 0.3em 0.8em; cursor: pointer; }}
  .frame[hidden] {{ display: none; }}
  .frame .picture svg {{ display: block; width: 100%; height: auto; }}
  .frame .text {{ margin: 0; font-size: 1.05em; line-height: 1.5; }}
  /* The board on the left, as large as the window's height allows below the
     page's title (about 5 em; the 7 em keep a margin under the board), its
     section's heading, buttons and the step's text beside it on the right:
     the whole board in view in a 1200 x 900 window. */
  @media screen and (min-width: 50em) {{
    section.puzzle {{ display: grid; column-gap: 1.5em; align-items: start;
      grid-template-columns: min(calc(100vh - 7em), calc(100% - 17.5em)) minmax(14em, 32em);
      grid-template-rows: auto auto auto 1fr; }}
    section.puzzle > h2, section.puzzle > .summary, section.puzzle > .nav {{ grid-column: 2; }}
    section.puzzle > h2 {{ grid-row: 1; }}
    section.puzzle > .summary {{ grid-row: 2; }}
    section.puzzle > .nav {{ grid-row: 3; }}
    .frame:not([hidden]) {{ display: contents; }}
    .frame .picture {{ grid-column: 1; grid-row: 1 / span 4; min-width: 0; }}
    .frame .picture svg {{ max-height: calc(100vh - 7em); }}
    .frame .text {{ grid-column: 2; grid-row: 4; }}
  }}
  /* A narrow window: the heading and buttons, the board as wide as the
     window (no taller than it), the text below. */
  @media screen and (max-width: 50em) {{
    .frame .picture {{ max-width: calc(100vh - 8em); margin-bottom: 1em; }}
  }}
  .help {{ color: #777; font-size: 0.9em; margin: 0 0 0.8em; }}
  /* On paper: the step shown, as wide as the page, its text below it. */
  @media print {{
    body {{ margin: 0; background: #fff; color: #000; }}
    .help, .nav {{ display: none; }}
    section.puzzle {{ break-inside: avoid; }}
    .frame .picture {{ max-width: min(100%, calc(100vh - 8em)); margin-bottom: 1em; }}
    .frame .text {{ max-width: none; }}
    .frame .picture svg {{ print-color-adjust: exact; -webkit-print-color-adjust: exact; }}
  }}
</style>
</head>
<body>
<h1>{}</h1>
<p class="help">Back and Next, or the arrow keys, step through each explanation; Home and End go to either end.</p>
<noscript><p>The page's script draws the pictures: let it run to see them.</p></noscript>
)",
                     escape(title), escape(title));
}

std::string html_section(const explained_puzzle& p) {
  const std::size_t steps = p.frames.size() >= 2 ? p.frames.size() - 2 : 0;
  std::string out = fmt::format(
      "<section class=\"puzzle\" tabindex=\"0\" data-frames=\"{}\">\n<h2>{}</h2>\n"
      "<p class=\"summary\">{}</p>\n<div class=\"nav\">"
      "<button type=\"button\" data-go=\"first\" title=\"first (Home)\">&#xAB; First</button>"
      "<button type=\"button\" data-go=\"back\" title=\"back (left arrow)\">&#x25C0; Back</button>"
      "<span class=\"counter\">start ({})</span>"
      "<button type=\"button\" data-go=\"next\" title=\"next (right arrow)\">Next &#x25B6;</button>"
      "<button type=\"button\" data-go=\"last\" title=\"last (End)\">Last &#xBB;</button></div>\n",
      p.frames.size(), escape(p.heading), escape(p.summary), count_of_steps(steps));
  for (std::size_t f = 0; f < p.frames.size(); ++f) {
    const std::string label = f == 0                     ? std::string("start")
                              : f + 1 == p.frames.size() ? std::string("end")
                                                         : fmt::format("step {}", f);
    out += fmt::format(
        "<div class=\"frame\" data-frame=\"{}\"{}>\n<div class=\"picture\"></div>\n"
        "<p class=\"text\"><b>{}</b>: {}</p>\n</div>\n",
        f, f == 0 ? "" : " hidden", label, escape(p.frames[f].text));
  }
  // The pictures, one edit a line: the first from nothing, each other from the one before.
  out += "<script type=\"application/json\" class=\"pictures\">[\n";
  std::vector<std::string_view> before;
  for (std::size_t f = 0; f < p.frames.size(); ++f) {
    std::vector<std::string_view> now = lines_of(p.frames[f].svg);
    out += edit_json(before, now);
    out += f + 1 < p.frames.size() ? ",\n" : "\n";
    before = std::move(now);
  }
  out += "]</script>\n</section>\n";
  return out;
}

std::string html_page_end() {
  return R"js(<script>
(function () {
  const sections = Array.from(document.querySelectorAll("section.puzzle"));
  let active = sections[0];
  // A section's picture `index`, as lines: its pictures are edits, each of the
  // one before ([kept, removed, [inserted lines], ...]), applied when needed.
  function picture(section, index) {
    if (!section.made) {
      section.edits = JSON.parse(section.querySelector("script.pictures").textContent);
      section.made = [];
    }
    for (let i = section.made.length; i <= index; ++i) {
      const before = i === 0 ? [] : section.made[i - 1], edit = section.edits[i], after = [];
      let at = 0;
      for (let e = 0; e < edit.length; e += 3) {
        for (let n = 0; n < edit[e]; ++n) after.push(before[at + n]);
        for (const line of edit[e + 2]) after.push(line);
        at += edit[e] + edit[e + 1];
      }
      while (at < before.length) after.push(before[at++]);
      section.made.push(after);
    }
    return section.made[index].join("\n") + "\n";
  }
  // What the counter says: the same words as the step's text.
  function label(index, count) {
    const steps = count - 2, all = steps + (steps === 1 ? " step" : " steps");
    return index === 0 ? "start (" + all + ")"
         : index === count - 1 ? "end (" + all + ")" : "step " + index + " of " + steps;
  }
  function show(section, index) {
    const frames = section.querySelectorAll(".frame");
    index = Math.max(0, Math.min(frames.length - 1, index));
    frames.forEach((f, i) => {
      f.hidden = i !== index;
      // One picture drawn at a time: the ids of its arrowheads stay unique.
      const p = f.querySelector(".picture");
      if (i === index) p.innerHTML = picture(section, i);
      else if (p.firstChild) p.textContent = "";
    });
    section.dataset.current = index;
    section.querySelector(".counter").textContent = label(index, frames.length);
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
)js";
}

}  // namespace sudoku
