// Rates in the summary and progress lines: whole numbers where fast, never "0/s" where slow.
#include <gtest/gtest.h>

#include "cli_util.h"

namespace sudoku::cli {
namespace {

TEST(FormatRate, WholePerSecondTenthsPerSecondOrPerMinute) {
  EXPECT_EQ(FormatRate(9932.4), "9932/s");
  EXPECT_EQ(FormatRate(10), "10/s");
  EXPECT_EQ(FormatRate(2.54), "2.5/s");
  EXPECT_EQ(FormatRate(0.2), "12.0/min");  // a controlled-bias run: one puzzle in 5 s
  EXPECT_EQ(FormatRate(0), "0.0/min");
}

}  // namespace
}  // namespace sudoku::cli
