// sudoku explain: each puzzle solved the way a person would, step by step.
#include <fmt/core.h>
#include <dlx/counted.hpp>
#include <sudoku/explanation.hpp>
#include <sudoku/render.hpp>

#include "commands.hpp"
#include "logic_answer.hpp"
#include "output_files.hpp"
#include "puzzle_command.hpp"

namespace sudoku_cli {

namespace {

// The same as a JSON array of strings.
std::string json_candidates(const sudoku::variant& v, const std::vector<sudoku::candidate>& list,
                            std::string_view op) {
  std::string text = "[";
  for (std::size_t i = 0; i < list.size(); ++i) {
    text += fmt::format("{}\"{}{}{}\"", i ? "," : "", v.cell_name(list[i].cell), op,
                        v.cell_char(list[i].digit));
  }
  return text + "]";
}

// How a logic explanation ended: the result's words and the solution, when
// known (from logic, or from the search after it), checked.
struct logic_ending {
  std::string result;
  const sudoku::grid* solution = nullptr;
};

logic_ending ending_of(answer_context& c, const sudoku::logic_answer& a) {
  const sudoku::logic_result& r = a.result;
  logic_ending e;
  // Only a unique puzzle gets here (run_logic): the logic cannot end in a
  // contradiction, and the search after it finds the solution.
  e.result = r.outcome == sudoku::logic_outcome::solved
                 ? fmt::format("solved by logic: {}", sudoku::to_string(r.level))
                 : std::string("needs search: beyond");
  if (a.searched && a.searched->status == sudoku::status::solved) {
    e.solution = &c.solution();
  } else if (!a.searched && r.outcome == sudoku::logic_outcome::solved) {
    e.solution = &r.reached;  // checked by answer_by_logic
  }
  return e;
}

// What the result line and the page's summary say: the result's words, then
// "(hardest: pointing), 40 steps; search: 12 nodes" as they apply.
std::string logic_summary(const logic_ending& e, const sudoku::logic_answer& a) {
  const sudoku::logic_result& r = a.result;
  std::string summary = e.result;
  if (r.hardest) summary += fmt::format(" (hardest: {})", sudoku::to_string(*r.hardest));
  summary += ", " + dlx::counted(r.steps.size(), "step");
  if (a.searched) summary += "; search: " + dlx::counted(a.searched->nodes, "node");
  return summary;
}

std::string se_status(const sudoku::se_rating& r) {
  switch (r.outcome) {
    case sudoku::se_rating::outcome::rated:
      return "rated";
    case sudoku::se_rating::outcome::stuck:
      return "stuck";
    default:
      return "unknown";
  }
}

// The id that tells a puzzle's pictures from the others' on one page.
std::string picture_id(const answer_context& c) {
  return fmt::format("p{}-{}", c.file_index(), c.line());
}

// --html: the explanation as a section of the page, a picture per step.
void write_html_explanation(answer_context& c, const sudoku::logic_answer& a) {
  const sudoku::variant& v = c.variant();
  const sudoku::logic_result& r = a.result;
  const logic_ending e = ending_of(c, a);
  sudoku::explanation_builder pictures(v, c.puzzle(), picture_id(c));
  for (const auto& st : r.steps)
    pictures.step(sudoku::describe(v, st), sudoku::highlight_of(v, st, pictures.board()));
  const std::string summary = logic_summary(e, a);
  const std::string end_text = e.solution && r.outcome != sudoku::logic_outcome::solved
                                   ? e.result + "; the search's solution"
                                   : e.result;
  c.out() += sudoku::html_section(pictures.finish(fmt::format("{}:{}", c.file_name(), c.line()),
                                                  summary, e.solution, end_text));
}

void write_explanation(answer_context& c, const sudoku::logic_answer& a) {
  const sudoku::variant& v = c.variant();
  const sudoku::logic_result& r = a.result;
  const logic_ending ending = ending_of(c, a);
  const std::string& result = ending.result;
  const sudoku::grid* solution = ending.solution;
  std::string& out = c.out();
  if (c.settings().json) {
    c.json_head(r.outcome == sudoku::logic_outcome::solved ? "solved" : "stuck");
    out += fmt::format(",\"level\":\"{}\",\"steps\":[", sudoku::to_string(r.level));
    for (std::size_t k = 0; k < r.steps.size(); ++k) {
      const auto& st = r.steps[k];
      out += fmt::format(
          "{}{{\"technique\":\"{}\",\"where\":{},\"placed\":{},\"eliminated\":{},"
          "\"solved\":{},\"unsolved\":{},\"candidates\":{}}}",
          k ? "," : "", sudoku::technique_name(st.technique), tools::json_string(st.where),
          json_candidates(v, st.placed, "="), json_candidates(v, st.eliminated, "<>"), st.solved,
          st.unsolved, st.candidates);
    }
    out += "]";
    if (r.hardest) {
      out += fmt::format(",\"hardest\":\"{}\"", sudoku::technique_name(*r.hardest));
    }
    if (a.searched) out += fmt::format(",\"nodes\":{}", a.searched->nodes);
    if (solution) {
      out += ",\"solution\":\"";
      c.append_board(*solution, out);
      out += '"';
    }
    out += fmt::format(",\"result\":{}}}\n", tools::json_string(result));
    return;
  }
  out += fmt::format("puzzle {}:{} ", c.file_name(), c.line());
  c.append_board(c.puzzle(), out);
  out += '\n';
  for (const auto& st : r.steps) {
    out += sudoku::describe(v, st);
    out += '\n';
  }
  out += "result: " + logic_summary(ending, a);
  if (solution) {
    out += ", solution ";
    c.append_board(*solution, out);
  }
  out += "\n\n";
}

// --scale se: SE's path, each step with its rating.
void write_se_explanation(answer_context& c, const sudoku::se_rating& r) {
  const sudoku::variant& v = c.variant();
  std::string& out = c.out();
  const bool rated = r.outcome == sudoku::se_rating::outcome::rated;
  const std::string status = se_status(r);
  if (c.settings().json) {
    c.json_head(status);
    if (r.outcome != sudoku::se_rating::outcome::unknown)
      out += fmt::format(",\"rating\":\"{}\"", sudoku::to_string(r));
    out += ",\"steps\":[";
    for (std::size_t k = 0; k < r.steps.size(); ++k) {
      const sudoku::se_step& st = r.steps[k];
      out +=
          fmt::format("{}{{\"technique\":{},\"rating\":{},\"placed\":{},\"eliminated\":{}}}",
                      k ? "," : "", tools::json_string(st.technique), sudoku::se_format(st.rating),
                      json_candidates(v, st.placed, "="), json_candidates(v, st.eliminated, "<>"));
    }
    out += "]";
    if (rated) {
      out += ",\"solution\":\"";
      c.append_board(r.reached, out);
      out += '"';
    }
    out += fmt::format(",\"work\":{}}}\n", r.work);
    return;
  }
  out += fmt::format("puzzle {}:{} ", c.file_name(), c.line());
  c.append_board(c.puzzle(), out);
  out += '\n';
  for (const sudoku::se_step& st : r.steps) {
    out += sudoku::describe(st);
    out += '\n';
  }
  out += fmt::format("result: {} {}, {}", status, sudoku::to_string(r),
                     dlx::counted(r.steps.size(), "step"));
  if (rated) {
    out += ", solution ";
    c.append_board(r.reached, out);
  }
  out += "\n\n";
}

// --scale se --html: SE's path, a picture per step.
void write_se_html(answer_context& c, const sudoku::se_rating& r) {
  const sudoku::variant& v = c.variant();
  sudoku::explanation_builder pictures(v, c.puzzle(), picture_id(c));
  for (const sudoku::se_step& st : r.steps)
    pictures.step(sudoku::describe(st), sudoku::highlight_of(v, st, pictures.board()));
  const bool rated = r.outcome == sudoku::se_rating::outcome::rated;
  const std::string status = se_status(r);
  const std::string summary = fmt::format("{} {} (ER/EP/ED), {}", status, sudoku::to_string(r),
                                          dlx::counted(r.steps.size(), "step"));
  c.out() += sudoku::html_section(pictures.finish(
      fmt::format("{}:{}", c.file_name(), c.line()), summary, rated ? &r.reached : nullptr,
      fmt::format("{} {}", status, sudoku::to_string(r))));
}

}  // namespace

int run_explain(int argc, char** argv) {
  bool search = false;
  bool se = false;
  std::string html;
  puzzle_command command;
  command.name = "explain";
  command.usage = "sudoku explain [OPTIONS] [FILE...]";
  command.description =
      "Solves each puzzle the way a person would and prints the steps, one per line: the\n"
      "technique, the digits placed (r1c2=5) or candidates removed (r1c2<>5), and the counts\n"
      "of solved and unsolved cells and of candidates left; then the result. Techniques,\n"
      "easiest first: naked and hidden singles, pointing, claiming, naked and hidden pairs,\n"
      "triples and quads, X-Wing, Swordfish. Variants' diagonals, windows and regions take\n"
      "part in every technique; killer cages do not (logic does not add up sums).\n"
      "A puzzle that is not unique is not explained: 'none' (no solution) or 'multiple'\n"
      "(more than one) instead, exit 1 (with --html, the reason on stderr).\n"
      "\n"
      "With --scale se, prints Sudoku Explainer 1.2.1's solving path instead, each step with\n"
      "its rating (see sudoku rate --help), and the rating ER/EP/ED. Plain 9x9 puzzles only.\n"
      "\n"
      "With --html OUT, writes one self-contained HTML page to OUT ('-': standard output)\n"
      "instead: for each puzzle, its level or rating, then a picture per step beside its text\n"
      "(the step's cells, units and candidates marked, the candidates it removes struck\n"
      "through in red, the digits it places in green), stepped through with Back and Next or\n"
      "the arrow keys. Nothing in the page is fetched from a network.";
  command.add_options = [&](std::vector<tools::option_spec>& options, command_settings& s) {
    options.push_back(
        {0, "search", "",
         "when logic is stuck, finish with the exact-cover search and report its nodes",
         [&](std::string_view) { search = true; }});
    add_scale_option(options, se, s);
    options.push_back({0, "html", "OUT",
                       "write a step-through HTML page of every explanation to OUT ('-': "
                       "standard output)",
                       [&](std::string_view v) {
                         if (v.empty()) throw tools::usage_error("--html: expected a path");
                         html = std::string(v);
                         s.documents = true;
                       }});
  };
  command.check = [&](const command_settings& s) {
    if (se && search)
      throw tools::usage_error("--search goes with the levels scale, not --scale se");
    if (!html.empty() && s.json) throw tools::usage_error("--html and --json do not go together");
    if (!html.empty() && s.output == output_format::grid)
      throw tools::usage_error("--html and --output-format do not go together");
  };
  command.make_sink = [&](const command_settings&) -> std::unique_ptr<answer_sink> {
    if (html.empty()) return nullptr;
    return file_sink(html, sudoku::html_page_begin("sudoku explain"), sudoku::html_page_end());
  };
  command.answer = [&](answer_context& c) {
    if (se) {
      if (const auto r = run_se(c, true)) {
        if (html.empty()) {
          write_se_explanation(c, *r);
        } else {
          write_se_html(c, *r);
        }
      }
    } else if (const auto a = run_logic(c, search)) {
      if (html.empty()) {
        write_explanation(c, *a);
      } else {
        write_html_explanation(c, *a);
      }
    }
  };
  command.summary = [&](const tally& t) { return se ? se_summary(t) : level_summary(t); };
  return run_puzzle_command(argc, argv, command);
}

}  // namespace sudoku_cli
