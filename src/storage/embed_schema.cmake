# Turns every schema/NNN_*.sql into a byte array in one generated C++ header, so the binary
# needs no schema files at run time. Run by src/storage/CMakeLists.txt in script mode:
#   cmake -DSCHEMA_DIR=<dir> -DOUTPUT=<header> -P embed_schema.cmake
# The files must be numbered 001, 002, ... without gaps; file N migrates version N-1 to N.
cmake_minimum_required(VERSION 3.22)

if(NOT SCHEMA_DIR OR NOT OUTPUT)
  message(FATAL_ERROR "embed_schema.cmake needs -DSCHEMA_DIR=... and -DOUTPUT=...")
endif()

file(GLOB schema_files LIST_DIRECTORIES false "${SCHEMA_DIR}/*.sql")
list(SORT schema_files)
list(LENGTH schema_files schema_count)
if(schema_count EQUAL 0)
  message(FATAL_ERROR "no schema files in ${SCHEMA_DIR}")
endif()

set(arrays "")
set(entries "")
set(expected 1)
foreach(file IN LISTS schema_files)
  get_filename_component(name "${file}" NAME)
  if(NOT name MATCHES "^([0-9][0-9][0-9])_[A-Za-z0-9_]+\\.sql$")
    message(FATAL_ERROR "${file}: schema files are named NNN_words.sql (e.g. 001_init.sql)")
  endif()
  math(EXPR version "${CMAKE_MATCH_1}")  # drops the leading zeros
  if(NOT version EQUAL expected)
    message(FATAL_ERROR "${file}: expected schema version ${expected} next; numbers have no gaps")
  endif()
  file(READ "${file}" hex HEX)
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  string(REPEAT "0x..," 16 sixteen_bytes)
  string(REGEX REPLACE "(${sixteen_bytes})" "\\1\n    " bytes "${bytes}")  # 16 a line
  string(APPEND arrays "// schema/${name}\n"
                       "inline constexpr char kSchemaSql${version}[] = {\n    ${bytes}0x00};\n\n")
  string(APPEND entries "    {${version}, \"${name}\", kSchemaSql${version}},\n")
  math(EXPR expected "${expected} + 1")
endforeach()

set(content "// Generated from schema/*.sql by src/storage/embed_schema.cmake. Do not edit.
#ifndef SUDOKU_STORAGE_SCHEMA_SQL_H_
#define SUDOKU_STORAGE_SCHEMA_SQL_H_

namespace sudoku::storage_internal {

struct SchemaFile {
  int version;       // PRAGMA user_version after this file is applied
  const char* name;  // file name under schema/
  const char* sql;   // the file's text, NUL-terminated
};

${arrays}// In version order: kSchemaFiles[i].version == i + 1.
inline constexpr SchemaFile kSchemaFiles[] = {
${entries}};
inline constexpr int kLatestSchemaVersion = ${schema_count};

}  // namespace sudoku::storage_internal

#endif  // SUDOKU_STORAGE_SCHEMA_SQL_H_
")

file(WRITE "${OUTPUT}" "${content}")
