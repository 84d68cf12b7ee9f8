// How dlx prints a solution, for the plain search (main.cpp) and the memoized
// one (memo.cpp) alike: the options as read, or a JSON object.
#pragma once

#include <dlx/format.hpp>

#include <cstdint>
#include <optional>
#include <span>

#include "../common/output.hpp"

namespace dlx_tool {

/// Prints a solution as the plain search does (options as read, or a JSON
/// object), with its cost when it has one.
void write_solution(tools::line_output& out, const dlx::dlx_file& file,
                    std::span<const dlx::option_id> solution, std::uint64_t number, bool json,
                    std::optional<std::uint64_t> cost = std::nullopt);

}  // namespace dlx_tool
