// How dlx prints a solution (solution_output.hpp).
#include "solution_output.hpp"

#include <fmt/core.h>

#include "../common/cli.hpp"

namespace dlx_tool {

void write_solution(tools::line_output& out, const dlx::dlx_file& file,
                    std::span<const dlx::option_id> solution, std::uint64_t number, bool json,
                    std::optional<std::uint64_t> cost) {
  const dlx::problem& p = file.problem;
  if (!json) {
    if (cost) {
      if (number > 1) out.line("");
      out.line(fmt::format("cost {}", *cost));
      for (dlx::option_id o : solution)
        out.line(dlx::format_option(p, o));
      return;
    }
    tools::write_solution_lines(out, p, solution, number);
    return;
  }
  out.append(fmt::format("{{\"solution\":{},", number));
  if (cost) out.append(fmt::format("\"cost\":{},", *cost));
  out.append("\"options\":[");
  for (std::size_t k = 0; k < solution.size(); ++k) {
    const dlx::option_id o = solution[k];
    out.append(fmt::format("{}{{\"line\":{},\"items\":[", k ? "," : "", file.option_lines[o]));
    const auto items = p.option(o);
    const auto colors = p.option_colors(o);
    for (std::size_t e = 0; e < items.size(); ++e) {
      out.append(e ? "," : "");
      out.append(tools::json_string(p.name(items[e])));
    }
    out.append("]");
    // Colors as an object from item to color, only where the option has some.
    bool first_color = true;
    for (std::size_t e = 0; e < items.size(); ++e) {
      if (colors[e] == dlx::no_color) continue;
      out.append(first_color ? ",\"colors\":{" : ",");
      out.append(tools::json_string(p.name(items[e])));
      out.append(":");
      out.append(tools::json_string(p.color_name(colors[e])));
      first_color = false;
    }
    out.append(first_color ? "}" : "}}");
  }
  out.append("]}");
  out.end_line();
}

}  // namespace dlx_tool
