// What clue_model.cpp needs to unroll a clue's automaton into a chain: a
// layer of states while it goes forwards, and the chain of the paths that
// end in an accepted state.
//
// An internal header of the model: nothing here is public.
#pragma once

#include "clue_model.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

namespace sudoku::detail {

// One layer of states: numbered in the order they are first reached, found
// again by an open-addressing hash of their values. A layer's transitions are
// made in the order of its numbers, so a chain's steps depend only on the
// automaton, not on how states are stored (sorting each layer by value, as
// the std::map once did, cost a model of large states most of its time). A
// slot keeps the state's number and the top half of its hash, so two states
// are compared whole only when their hashes agree. (A std::map per layer
// compared whole states a score of times per transition, and allocated a node
// per state.)
template <class State>
class chain_layer {
 public:
  [[nodiscard]] std::size_t size() const noexcept { return states_.size(); }
  [[nodiscard]] const State& operator[](std::uint32_t id) const { return states_[id]; }

  // The state's number, added if new.
  std::uint32_t find_or_add(State&& s) {
    if (2 * (states_.size() + 1) > slots_.size()) grow();
    const std::size_t mask = slots_.size() - 1;
    const std::uint64_t h = hash(s);
    const std::uint64_t tag = tag_of(h);
    for (std::size_t at = h & mask;; at = (at + 1) & mask) {
      const std::uint64_t slot = slots_[at];
      if (slot == empty) {
        const auto id = static_cast<std::uint32_t>(states_.size());
        slots_[at] = tag | id;
        used_.push_back(static_cast<std::uint32_t>(at));
        states_.push_back(std::move(s));
        return id;
      }
      const auto id = static_cast<std::uint32_t>(slot);
      if (tag_of(slot) == tag && states_[id] == s) return id;
    }
  }
  // Empty again, keeping the room (a chain has many layers, most small).
  void clear() {
    states_.clear();
    for (const std::uint32_t at : used_)
      slots_[at] = empty;
    used_.clear();
  }

 private:
  static constexpr std::uint64_t empty = ~std::uint64_t{0};  // no state has number 2^32 - 1
  // A slot's top half: the hash's, beside the state's number below it.
  static std::uint64_t tag_of(std::uint64_t h) noexcept { return h & ~std::uint64_t{0xffffffff}; }
  static std::uint64_t mix(std::uint64_t h) noexcept {
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return h;
  }
  static std::uint64_t hash(const State& s) noexcept {
    if constexpr (std::is_integral_v<State>) {
      return mix(static_cast<std::uint64_t>(s));
    } else if constexpr (requires { s.first; }) {
      return mix(mix(static_cast<std::uint64_t>(s.first)) ^ static_cast<std::uint64_t>(s.second));
    } else if constexpr (std::is_same_v<typename State::value_type, std::uint8_t> &&
                         sizeof(State) % 8 == 0) {
      std::uint64_t h = 0;  // a byte array: eight bytes at a time
      for (std::size_t at = 0; at < sizeof(State); at += 8) {
        std::uint64_t word;
        std::memcpy(&word, s.data() + at, 8);
        h = mix(h ^ word) + 0x9e3779b97f4a7c15ULL;
      }
      return h;
    } else {
      std::uint64_t h = s.size();
      for (const auto x : s)
        h = mix(h ^ static_cast<std::uint64_t>(x)) + 0x9e3779b97f4a7c15ULL;
      return h;
    }
  }
  void grow() {
    const std::size_t size = std::max<std::size_t>(16, 2 * slots_.size());
    slots_.assign(size, empty);
    used_.clear();
    for (std::uint32_t id = 0; id < states_.size(); ++id) {
      const std::uint64_t h = hash(states_[id]);
      std::size_t at = h & (size - 1);
      while (slots_[at] != empty)
        at = (at + 1) & (size - 1);
      slots_[at] = tag_of(h) | id;
      used_.push_back(static_cast<std::uint32_t>(at));
    }
  }

  std::vector<State> states_;
  std::vector<std::uint64_t> slots_;  // hash's top half | state number, or empty
  std::vector<std::uint32_t> used_;   // the slots in use
};

// The chain of the transitions `steps` (per cell, between states numbered
// within their layers; sizes[i], layer i's count) that lie on a path to a
// final state marked in `accepted`, its states numbered again in order.
[[nodiscard]] digit_chain accepted_paths(std::vector<std::uint32_t> cells,
                                         const std::vector<std::vector<chain_step>>& steps,
                                         const std::vector<std::size_t>& sizes,
                                         std::vector<char> accepted);

// The same chain with states that have the same future merged: from the
// last layer back, two states of a layer are one when their steps (digit,
// what they add, the state they reach) are alike. The chain must have no
// choices of its own (their marks could tell the states apart).
void merge_alike_states(digit_chain& c);

}  // namespace sudoku::detail
