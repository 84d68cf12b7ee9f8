// lz-string's base64 form (sudoku/src/lz_string.hpp): the streams
// JavaScript's LZString.compressToBase64 (npm lz-string 1.5.0) gave for fixed
// texts, both ways; random texts there and back; and streams that are no such
// thing, which must give nothing.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <string_view>

#include "lz_string.hpp"

namespace {

using sudoku::detail::append_utf8;
using sudoku::detail::lz_compress_base64;
using sudoku::detail::lz_decompress_base64;

struct vector_case {
  std::string_view text;    // UTF-8
  std::string_view stream;  // JavaScript's compressToBase64 of it
};

// From npm lz-string 1.5.0; padded with '===', '=' or nothing.
constexpr vector_case short_vectors[] = {
    {"", "Q==="},
    {"a", "IZA="},
    {"hello", "BYUwNmD2Q==="},
    {"Hello, World!", "BIUwNmD2A0AEDqkBOYAmBCIA"},
    {"abcdefg", "IYIwxgJgpgZg5kA="},
    {"xyzzy", "B4TwXmJA"},
    // A unit below 256 (8 bits), one above (16 bits), a surrogate pair.
    {"\xC3\x84\xE2\x82\xAC\xF0\x9F\x98\x80", "COGoJLwbgAe0A==="},  // "Ä€😀"
    {std::string_view("\0", 1), "ABA="},
    {"\xEF\xBF\xBD", "r//Q"},  // U+FFFD
};

// "n;" for n = (37 i) mod 101, i < 700: 2,037 units and 789 dictionary
// entries, so codes grow to ten bits.
std::string repetitive_text() {
  std::string text;
  for (int i = 0; i < 700; ++i)
    text += std::to_string(i * 37 % 101) + ";";
  return text;
}

constexpr std::string_view repetitive_stream =
    "AwbgzA7CECwgjKGUAccBMoCsUCccxQA2KMEGUCKeMrUFKdMo0XUsiY8slUeIkFjK5Q6AUTKJQYARGHkBKSbkEDcZ"
    "dCqID04FRAHxdMFSh26sK3ALC6iKrOV0QV8R1l0oV6R0V24VMEcIT3JHFF14FEFHXF10aKJHeHBoiGSUmGiUR3QU"
    "rGjcRzAUomi4GBSIaPg4LBSUaPQ4IhTcaLA4CCryOBQU+CgsOFwU9CgiOGkoWAQkVAxsPAJiUnJKalp6RmZWdmgu"
    "GB4+ASEQERAxEAk56Vl5GEVlVXONLR09aENjU3NBKxsdgcTmgrncnm8vn8gWCoRg4Ui0SwsXiiWSqWgGXI2Vy+UK"
    "xVK5XIVRqdQaTRabQ6XR6MD6AyGIzGEym4BmcEQ5AWlyW5xW1zWFGgm0E20uu3O+04124IF4CFOwlE4kkwDu0AeT"
    "wQDjUb2uHzA+m+5F+lwsAPAQMEIJcCHBcsh12h4FhcrCcsRMXOqOu6LAaSxWTluME+PAhPIxOgpME5MulPO1OgtP"
    "pCEZ52Z11ZkGgHPmcsWgmW4FW4HWwoQWzlO2ue3AHEOxwVgiVlxVt3A93OCjlzywusu70unwMCB+cr+lnOgOuwJg"
    "zjBgghlyh5xh0DhCIQSJRlzRCAx6QQmRxlzx5wJ1yJlWjCDJcop1yp4Bp0F6coZgiZlxZIGmubmLkCx5Is+RLAUy"
    "yFKhK1FatxVrSV6wOGUjjlE4W3OZVrlVdU5G7R5e21F51EHfVh0NL4xxNCczX+adLVna151BO0lwdFcnTXF0Nzde"
    "EPW3L04j3X0D39TFj2xYMz1DC9wyvSMb2qO9YwfeMn0TF9kzfOkPzTL8Mx/LM/zZADOWQYDMFA/BwJISCNhgug4K"
    "YBC2CQ6UBFQ+V+Awi4rhuKROw1fCtXgHVXlI7RyKNKiTBo9BzXo2xGMcZjbTcNivA4vwuKCHjyi3KJBJ9JJRIDCS"
    "gxyaSClkkp5IqEllPqVTmnU9pNO6bTU0GfTRkMyZjJzWYzO5SycDAwgILIKCRUchh4JYRCwAbFCm28s5fPbAKZCC"
    "lQCKUIj+3CzQyN0CjRyMaizFoqdrAY+wmIXViPHYnxOICbiQl4gqd29YSSpSMSj3gE8pLyGSijksoFIa2oVMaNTW"
    "g0zotKgIA===";

// A puzzle as f-puzzles writes it (361 units, three givens), and the
// `?load=` data of its link.
constexpr std::string_view fpuzzles_json = R"({"size":9,"title":"Test","grid":[[)"
                                           R"({"value":5,"given":true},{},{},{},{},{},{},{},{}],[)"
                                           R"({},{},{},{},{},{},{},{},{}],[)"
                                           R"({},{},{},{},{},{},{},{},{}],[)"
                                           R"({},{},{},{},{},{},{},{},{}],[)"
                                           R"({},{},{},{},{"value":9,"given":true},{},{},{},{}],[)"
                                           R"({},{},{},{},{},{},{},{},{}],[)"
                                           R"({},{},{},{},{},{},{},{},{}],[)"
                                           R"({},{},{},{},{},{},{},{},{}],[)"
                                           R"({},{},{},{},{},{},{},{},{"value":1,"given":true}]]})";
constexpr std::string_view fpuzzles_stream =
    "N4IgzglgXgpiBcBOANCALhNAbO8QBUYw0RUBzAJwgBMEBtO0ANwEMsBXXAVnIiZgB2CNBU4BfZMAlTJ0ubIVSAus"
    "kbyZG9VpVrFWvXp2aDx02KP6NIVh1woQZPoOGiYluRZPvDqs16+efkEevt7BktZsnAgAjLz8QvAi4kpKYkA=";

TEST(LzString, CompressesAsJavaScriptDoes) {
  for (const auto& [text, stream] : short_vectors)
    EXPECT_EQ(lz_compress_base64(text), stream) << "text: " << text;
  EXPECT_EQ(lz_compress_base64(repetitive_text()), repetitive_stream);
  EXPECT_EQ(lz_compress_base64(fpuzzles_json), fpuzzles_stream);
}

TEST(LzString, DecompressesWhatJavaScriptWrites) {
  for (const auto& [text, stream] : short_vectors)
    EXPECT_EQ(lz_decompress_base64(stream), std::optional<std::string>(text)) << stream;
  EXPECT_EQ(lz_decompress_base64(repetitive_stream), repetitive_text());
  EXPECT_EQ(lz_decompress_base64(fpuzzles_stream), fpuzzles_json);
}

TEST(LzString, TakesAnyPaddingAndIgnoresWhatFollowsTheEnd) {
  for (const auto& [text, stream] : short_vectors) {
    const std::string bare(stream.substr(0, stream.find('=')));
    EXPECT_EQ(lz_decompress_base64(bare), std::optional<std::string>(text)) << bare;
    EXPECT_EQ(lz_decompress_base64(bare + "===="), std::optional<std::string>(text)) << bare;
  }
  EXPECT_EQ(lz_decompress_base64("BYUwNmD2Q===BYUw"), "hello");
  // JavaScript reads '=' as zero bits wherever it is ("NmD2" is "llo").
  EXPECT_EQ(lz_decompress_base64("BYUw=mD2Q==="), "he@@o");
  // "IZA" less its last character, which holds the end code's two high
  // (zero) bits: JavaScript reads zeros past the end, and gives "a"; but that
  // would take a stream cut short wherever a code's low bits are 01.
  EXPECT_EQ(lz_decompress_base64("IZ"), std::nullopt);
  EXPECT_EQ(lz_decompress_base64("IZ=="), std::nullopt);  // padding is no bits
}

TEST(LzString, LoneSurrogatesComeOutAsReplacementCharacters) {
  // JavaScript's compressToBase64("\uD800") and ("x\uDC00y").
  EXPECT_EQ(lz_decompress_base64("gAbQ"), "\xEF\xBF\xBD");
  EXPECT_EQ(lz_decompress_base64("B6AB2J5A"),
            "x\xEF\xBF\xBD"
            "y");
}

TEST(LzString, CompressesInvalidUtf8AsReplacementCharacters) {
  // One U+FFFD for each maximal ill-formed subsequence, as TextDecoder reads.
  EXPECT_EQ(lz_compress_base64("\xFF"), "r//Q");
  EXPECT_EQ(lz_compress_base64("\xE2\x82"), "r//Q");  // "€" cut short
  // A UTF-8 surrogate is three: ED may not take A0. JavaScript's
  // compressToBase64("\uFFFD\uFFFD\uFFFD").
  EXPECT_EQ(lz_compress_base64("\xED\xA0\x80"), "r//KA===");
}

TEST(LzString, RandomTextsComeBack) {
  std::mt19937 random(20240601);
  // Few distinct characters (long matches), any ASCII, Latin-1 (8-bit new
  // units), the rest of the BMP (16-bit new units), beyond it (pairs).
  const char32_t ranges[][2] = {{'a', 'c'},      {0x00, 0x7F},     {0x80, 0xFF},
                                {0x100, 0xD7FF}, {0xE000, 0xFFFF}, {0x10000, 0x10FFFF}};
  for (int round = 0; round < 300; ++round) {
    const std::size_t length = std::uniform_int_distribution<std::size_t>(0, 3000)(random);
    const auto& first = ranges[random() % std::size(ranges)];
    const auto& second = ranges[random() % std::size(ranges)];
    std::string text;
    for (std::size_t i = 0; i < length; ++i) {
      const auto& range = random() % 2 ? first : second;
      append_utf8(text, std::uniform_int_distribution<char32_t>(range[0], range[1])(random));
    }
    const std::string stream = lz_compress_base64(text);
    ASSERT_EQ(lz_decompress_base64(stream), text) << "round " << round;
  }
}

TEST(LzString, RejectsWhatIsNoStream) {
  EXPECT_EQ(lz_decompress_base64(""), std::nullopt);  // JavaScript's null
  EXPECT_EQ(lz_decompress_base64("===="), std::nullopt);
  EXPECT_EQ(lz_decompress_base64("!!!!"), std::nullopt);
  EXPECT_EQ(lz_decompress_base64("BYUw-mD2Q==="), std::nullopt);
  // The caller strips whitespace.
  EXPECT_EQ(lz_decompress_base64(" BYUwNmD2Q==="), std::nullopt);
  EXPECT_EQ(lz_decompress_base64("BYUwNmD2Q===\n"), std::nullopt);
  // The first code is 3 (low bit first), which is neither a new unit nor the
  // end; read as a new 16-bit unit, 11 0x0061 010 would be "a".
  EXPECT_EQ(lz_decompress_base64("4YAQ"), std::nullopt);
}

TEST(LzString, RejectsAStreamThatEndsEarly) {
  EXPECT_EQ(lz_decompress_base64("I"), std::nullopt);  // half of "a"'s 8 bits
  EXPECT_EQ(lz_decompress_base64("BYUwNmD2"), std::nullopt);
  EXPECT_EQ(lz_decompress_base64(fpuzzles_stream.substr(0, fpuzzles_stream.size() / 2)),
            std::nullopt);
  // Cut anywhere, it is the whole text (when only the zero bits after the
  // end code are lost) or nothing. (JavaScript gives part of the text for 13
  // of these 172 cuts.)
  for (std::size_t length = 0; length < fpuzzles_stream.size(); ++length) {
    const auto text = lz_decompress_base64(fpuzzles_stream.substr(0, length));
    EXPECT_TRUE(!text || *text == fpuzzles_json) << length;
  }
  EXPECT_EQ(lz_decompress_base64(fpuzzles_stream.substr(0, fpuzzles_stream.size() - 4)),
            std::nullopt);
}

TEST(LzString, RejectsACodeTheDictionaryHasNotReached) {
  // 00 (a new 8-bit unit), 10000110 ("a", low bit first), then the 3-bit
  // code 101 = 5 while the dictionary's next code is 4. JavaScript gives null.
  EXPECT_EQ(lz_decompress_base64("Iag"), std::nullopt);
  // The same, then the end code 010 (JavaScript gives null).
  EXPECT_EQ(lz_decompress_base64("Iao"), std::nullopt);
  // But the code 4 may be the entry it makes itself ("aa"), as LZW allows:
  // 001 then the end code 010. JavaScript's compressToBase64("aaa").
  EXPECT_EQ(lz_decompress_base64("IYo="), "aaa");
}

TEST(LzString, StopsAtItsCapOnText) {
  // Whichever way the text crosses the cap: a copied entry ("abc" repeated),
  // the entry the code is about to make ("a" repeated), a new unit ("b").
  const std::string texts[] = {std::string(100, 'a') + 'b',
                               std::string(105, 'a'),
                               std::string(120, 'a'),
                               [] {
                                 std::string abc;
                                 for (int i = 0; i < 40; ++i)
                                   abc += "abc";
                                 return abc;
                               }(),
                               std::string(fpuzzles_json),
                               repetitive_text()};
  for (const std::string& text : texts) {
    const std::string stream = lz_compress_base64(text);  // all ASCII: a unit a byte
    EXPECT_EQ(lz_decompress_base64(stream, text.size()), text);
    EXPECT_EQ(lz_decompress_base64(stream, text.size() - 1), std::nullopt) << text;
  }
  EXPECT_EQ(lz_decompress_base64("IZA=", 0), std::nullopt);
  EXPECT_EQ(lz_decompress_base64("Q===", 0), "");
  // The cap in the end: 16 Mi units, even when asked for more.
  using sudoku::detail::lz_max_units;
  const std::string million(std::size_t{1} << 20, 'a');
  EXPECT_EQ(lz_decompress_base64(lz_compress_base64(million)), million);
  const std::string too_many(lz_max_units + 1, 'a');
  const std::string stream = lz_compress_base64(too_many);
  EXPECT_EQ(lz_decompress_base64(stream), std::nullopt);
  EXPECT_EQ(lz_decompress_base64(stream, too_many.size()), std::nullopt);
}

}  // namespace
