# The public library: one archive, libsudoku-corpus.a (target sudoku_corpus, exported as
# SudokuCorpus::sudoku_corpus), holding the objects of the layers a program embeds, with the
# headers of include/sudoku/ as its contract. The layers stay separate libraries inside the
# build (their one-way dependencies are checked there); this archive reuses their objects, so
# nothing is compiled twice. A layer joins it as one more entry of SUDOKU_LIBRARY_COMPONENTS.
set(SUDOKU_LIBRARY_COMPONENTS sudoku_core sudoku_run_params sudoku_pipeline sudoku_storage sudoku_run
                              sudoku_stats)

add_library(sudoku_corpus STATIC)
add_library(SudokuCorpus::sudoku_corpus ALIAS sudoku_corpus)
set_target_properties(sudoku_corpus PROPERTIES OUTPUT_NAME sudoku-corpus LINKER_LANGUAGE CXX
                                               EXPORT_NAME sudoku_corpus)
target_include_directories(sudoku_corpus PUBLIC
  $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
  $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
target_compile_features(sudoku_corpus PUBLIC cxx_std_20)  # the headers use std::span

# Each component's objects, and the objects it takes from object libraries (the core's AVX2
# solver); its third-party libraries, without the components themselves, become the archive's.
set(SUDOKU_LIBRARY_DEPENDENCIES "")
foreach(component IN LISTS SUDOKU_LIBRARY_COMPONENTS)
  target_sources(sudoku_corpus PRIVATE $<TARGET_OBJECTS:${component}>)
  get_target_property(sources ${component} SOURCES)
  foreach(source IN LISTS sources)
    if(source MATCHES "^\\$<TARGET_OBJECTS:")
      target_sources(sudoku_corpus PRIVATE ${source})
    endif()
  endforeach()
  get_target_property(libraries ${component} INTERFACE_LINK_LIBRARIES)
  foreach(library IN LISTS libraries)
    string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" library "${library}")
    if(library AND NOT library IN_LIST SUDOKU_LIBRARY_COMPONENTS)
      list(APPEND SUDOKU_LIBRARY_DEPENDENCIES ${library})
    endif()
  endforeach()
endforeach()
# The pipeline's writer thread needs Threads whatever the components say.
list(APPEND SUDOKU_LIBRARY_DEPENDENCIES Threads::Threads)
list(REMOVE_DUPLICATES SUDOKU_LIBRARY_DEPENDENCIES)
# Header-only, and private to the run parameters' codec: nothing for a program to find or link.
list(REMOVE_ITEM SUDOKU_LIBRARY_DEPENDENCIES nlohmann_json::nlohmann_json)
# PRIVATE: no public header names a type of these; a static archive still passes them on to
# whatever links it ($<LINK_ONLY:...> in the exported target).
target_link_libraries(sudoku_corpus PRIVATE ${SUDOKU_LIBRARY_DEPENDENCIES})

# What a program linking the installed archive must find: the CMake package of each dependency
# (find_dependency in SudokuCorpusConfig.cmake) and its pkg-config module or flag
# (sudoku-corpus.pc). A dependency missing from this table stops the configure step, so that
# the package never lacks one.
set(SUDOKU_FIND_DEPENDENCIES "")
set(SUDOKU_PC_REQUIRES "")
set(SUDOKU_PC_LIBS "")
foreach(library IN LISTS SUDOKU_LIBRARY_DEPENDENCIES)
  if(library STREQUAL "TBB::tbb")
    string(APPEND SUDOKU_FIND_DEPENDENCIES "find_dependency(TBB)\n")
    list(APPEND SUDOKU_PC_REQUIRES tbb)
  elseif(library STREQUAL "SQLite::SQLite3")
    string(APPEND SUDOKU_FIND_DEPENDENCIES "find_dependency(SQLite3)\n")
    list(APPEND SUDOKU_PC_REQUIRES sqlite3)
  elseif(library STREQUAL "Threads::Threads")
    string(APPEND SUDOKU_FIND_DEPENDENCIES "find_dependency(Threads)\n")
    list(APPEND SUDOKU_PC_LIBS -pthread)
  else()
    message(FATAL_ERROR "cmake/library.cmake: the library links ${library}; add its CMake "
                        "package and pkg-config module to the table there")
  endif()
endforeach()
list(JOIN SUDOKU_PC_REQUIRES ", " SUDOKU_PC_REQUIRES)
list(JOIN SUDOKU_PC_LIBS " " SUDOKU_PC_LIBS)
