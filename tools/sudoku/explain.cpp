// sudoku explain: each puzzle solved the way a person would, step by step.
#include <fmt/format.h>

#include "commands.hpp"
#include "logic_answer.hpp"
#include "puzzle_command.hpp"

namespace sudoku_cli {

namespace {

// The same as a JSON array of strings.
std::string json_candidates(const sudoku::variant& v, const std::vector<sudoku::candidate>& list,
                            std::string_view op) {
  std::string text = "[";
  for (std::size_t i = 0; i < list.size(); ++i) {
    fmt::format_to(std::back_inserter(text), "{}\"{}{}{}\"", i ? "," : "",
                   v.cell_name(list[i].cell), op, sudoku::digit_char(list[i].digit));
  }
  return text + "]";
}

void write_explanation(answer_context& c, const logic_answer& a) {
  const sudoku::variant& v = c.variant();
  const sudoku::logic_result& r = a.result;
  std::string result;
  if (r.outcome == sudoku::logic_outcome::solved) {
    result = fmt::format("solved by logic: {}", sudoku::to_string(r.level));
  } else if (r.outcome == sudoku::logic_outcome::contradiction) {
    result = fmt::format("no solution: {}", r.contradiction);
  } else if (a.searched && a.searched->status == sudoku::status::none) {
    result = "no solution (found by search)";
  } else {
    result = "needs search: beyond";
  }
  // The solution, when known: from logic, or from the search after it.
  const sudoku::grid* solution = nullptr;
  if (a.searched && a.searched->status == sudoku::status::solved) {
    solution = &c.solution();
  } else if (!a.searched && r.outcome == sudoku::logic_outcome::solved) {
    c.verify(c.puzzle(), r.reached);  // logic's solution is checked like the search's
    solution = &r.reached;
  }
  std::string& out = c.out();
  if (c.settings().json) {
    c.json_head(a.none ? "none" : r.outcome == sudoku::logic_outcome::solved ? "solved" : "stuck");
    fmt::format_to(std::back_inserter(out), ",\"level\":\"{}\",\"steps\":[",
                   a.none ? "none" : sudoku::to_string(r.level));
    for (std::size_t k = 0; k < r.steps.size(); ++k) {
      const auto& st = r.steps[k];
      fmt::format_to(std::back_inserter(out),
                     "{}{{\"technique\":\"{}\",\"where\":{},\"placed\":{},\"eliminated\":{},"
                     "\"solved\":{},\"unsolved\":{},\"candidates\":{}}}",
                     k ? "," : "", hyphenated(sudoku::to_string(st.technique)),
                     tools::json_string(st.where), json_candidates(v, st.placed, "="),
                     json_candidates(v, st.eliminated, "<>"), st.solved, st.unsolved,
                     st.candidates);
    }
    out += "]";
    if (r.hardest) {
      fmt::format_to(std::back_inserter(out), ",\"hardest\":\"{}\"",
                     hyphenated(sudoku::to_string(*r.hardest)));
    }
    if (a.searched) fmt::format_to(std::back_inserter(out), ",\"nodes\":{}", a.searched->nodes);
    if (solution) {
      out += ",\"solution\":\"";
      c.append_board(*solution, out);
      out += '"';
    }
    fmt::format_to(std::back_inserter(out), ",\"result\":{}}}\n", tools::json_string(result));
    return;
  }
  out += fmt::format("puzzle {}:{} ", c.file_name(), c.line());
  c.append_board(c.puzzle(), out);
  out += '\n';
  for (const auto& st : r.steps) {
    out += sudoku::describe(v, st);
    out += '\n';
  }
  std::string tail;
  if (r.hardest) tail = fmt::format(" (hardest: {})", sudoku::to_string(*r.hardest));
  fmt::format_to(std::back_inserter(out), "result: {}{}, {} steps", result, tail, r.steps.size());
  if (a.searched) fmt::format_to(std::back_inserter(out), "; search: {} nodes", a.searched->nodes);
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
  const std::string status = rated                                            ? "rated"
                             : r.outcome == sudoku::se_rating::outcome::stuck ? "stuck"
                                                                              : "unknown";
  if (c.settings().json) {
    c.json_head(status);
    if (r.outcome != sudoku::se_rating::outcome::unknown)
      fmt::format_to(std::back_inserter(out), ",\"rating\":\"{}\"", sudoku::to_string(r));
    out += ",\"steps\":[";
    for (std::size_t k = 0; k < r.steps.size(); ++k) {
      const sudoku::se_step& st = r.steps[k];
      fmt::format_to(std::back_inserter(out),
                     "{}{{\"technique\":{},\"rating\":{},\"placed\":{},\"eliminated\":{}}}",
                     k ? "," : "", tools::json_string(st.technique), sudoku::se_format(st.rating),
                     json_candidates(v, st.placed, "="), json_candidates(v, st.eliminated, "<>"));
    }
    out += "]";
    if (rated) {
      out += ",\"solution\":\"";
      c.append_board(r.reached, out);
      out += '"';
    }
    fmt::format_to(std::back_inserter(out), ",\"work\":{}}}\n", r.work);
    return;
  }
  out += fmt::format("puzzle {}:{} ", c.file_name(), c.line());
  c.append_board(c.puzzle(), out);
  out += '\n';
  for (const sudoku::se_step& st : r.steps) {
    fmt::format_to(std::back_inserter(out), "{} {}:", sudoku::se_format(st.rating), st.technique);
    for (const auto& p : st.placed)
      fmt::format_to(std::back_inserter(out), " {}={}", v.cell_name(p.cell),
                     sudoku::digit_char(p.digit));
    for (const auto& e : st.eliminated)
      fmt::format_to(std::back_inserter(out), " {}<>{}", v.cell_name(e.cell),
                     sudoku::digit_char(e.digit));
    out += '\n';
  }
  fmt::format_to(std::back_inserter(out), "result: {} {}, {} steps", status, sudoku::to_string(r),
                 r.steps.size());
  if (rated) {
    out += ", solution ";
    c.append_board(r.reached, out);
  }
  out += "\n\n";
}

}  // namespace

int run_explain(int argc, char** argv) {
  bool search = false;
  bool se = false;
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
      "\n"
      "With --scale se, prints Sudoku Explainer 1.2.1's solving path instead, each step with\n"
      "its rating (see sudoku rate --help), and the rating ER/EP/ED. Plain 9x9 puzzles only.";
  command.add_options = [&](std::vector<tools::option_spec>& options, command_settings&) {
    options.push_back(
        {0, "search", "",
         "when logic is stuck, finish with the exact-cover search and report its nodes",
         [&](std::string_view) { search = true; }});
    add_scale_option(options, se);
  };
  command.check = [&](const command_settings&) {
    if (se && search)
      throw tools::usage_error("--search goes with the levels scale, not --scale se");
  };
  command.answer = [&](answer_context& c) {
    if (se) {
      if (const auto r = run_se(c, true)) write_se_explanation(c, *r);
    } else if (const auto a = run_logic(c, search)) {
      write_explanation(c, *a);
    }
  };
  command.summary = [&](const tally& t) { return se ? se_summary(t) : level_summary(t); };
  return run_puzzle_command(argc, argv, command);
}

}  // namespace sudoku_cli
