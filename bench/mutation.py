"""Mutation testing of the modules that carry pnp's promises (issue #76): each module's mutants against the tests
that guard it, with mutmut (pyproject's optional extra `mutation`). Not part of the suite: a module takes minutes.

    pip install -e '.[test,mutation]'
    nice -n 10 python bench/mutation.py                      # every module of MODULES
    nice -n 10 python bench/mutation.py pnp/core/files.py    # some of them
    python bench/mutation.py --list                          # the mapping, run nothing

Each module runs in a fresh copy of the repository's tracked files (as a clean clone has them) made in a temporary
folder, so the work tree is never touched and one module's run never sees another's mutants. The copy's
pyproject.toml gets the module and its test files added to the shared [tool.mutmut] settings; mutmut then writes its
mutants into the copy's mutants/ and runs, for each one, the guarding tests that reach the mutated function.

A mutant is killed when a test fails, survives when every test passes. A mutant whose function no guarding test
calls in the test process ("no tests": the test starts `python -m pnp` instead, or nothing reaches it) counts as a
survivor, since nothing stands guard. Survivors named in bench/mutation_equivalent.txt (a change no input can tell
from the original: the mutant's name, then why) are counted apart and leave the score. The script prints, per module,
killed / survived / equivalent / score, lists the survivors by name (`mutmut show NAME` in the kept copy shows the
change; --keep keeps the copy), and writes the table as Markdown for docs/testing.md with --markdown.
"""
from __future__ import annotations

import argparse
import fnmatch
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENT_FILE = ROOT / "bench" / "mutation_equivalent.txt"

# test_stamp_clear's tests on small cards of their own: a QR too tall, a face full of text, round, hex and outline cuts, a template's own code
STAMP_CLEAR_SMALL = [f"tests/test_stamp_clear.py::{t}" for t in (
    "test_a_qr_stamp_taller_than_the_safe_area_is_left_off_with_one_warning_that_validate_gives_too",
    "test_a_face_full_of_text_prints_no_stamp_and_its_deck_is_warned_once_at_its_front",
    "test_on_a_round_hex_or_outline_card_the_stamp_lies_inside_the_cut_clear_of_the_text",
    "test_a_stamp_moves_off_the_templates_own_qr_code_in_its_corner")]
# where a stamp goes, on faces written element by element: pnp.layout.free_room's ink_boxes and Room.place, in process
SERVE_SAVES = [f"tests/test_serve.py::{t}" for t in (  # the saves serve draws again for, judged in process (no browser)
    "test_a_folder_created_with_files_in_it_passes_its_files_on", "test_a_decks_sheet_saved_in_any_format_a_deck_reads_is_an_input_and_its_office_lock_is_not",
    "test_a_deck_saved_in_a_game_folder_pnp_ignores_is_no_input")]
FREE_ROOM_TESTS = [f"tests/test_stamp_promises.py::{t}" for t in (
    "test_on_a_face_that_leaves_its_corner_free_the_box_lies_its_inset_from_both_sides",
    "test_a_box_as_large_as_the_safe_area_fits_and_a_hair_more_does_not",
    "test_ink_a_hair_closer_than_the_room_kept_moves_the_box_off_its_corner",
    "test_a_hairline_just_outside_the_safe_line_moves_the_box_a_grid_step_in",
    "test_a_rule_across_the_corners_end_moves_the_box_along_its_side_just_clear_of_the_rules_stroke",
    "test_a_rule_down_the_corners_side_moves_the_box_along_its_end_just_clear_of_it",
    "test_the_box_goes_to_the_free_place_nearest_its_corner_above_or_beside_what_is_there",
    "test_the_nearest_free_place_is_nearest_in_a_straight_line_from_the_corner",
    "test_a_panel_under_the_corner_is_ground_but_its_edges_and_frame_are_ink",
    "test_a_box_on_a_panel_with_round_corners_keeps_inside_its_arc",
    "test_a_round_corner_is_never_rounder_than_half_the_panels_side_nor_too_small_to_count",
    "test_a_round_panel_beside_the_corner_leaves_it_free",
    "test_ink_more_than_the_room_kept_from_a_box_of_any_size_leaves_it_in_its_corner",
    "test_art_or_shapes_covering_the_safe_area_are_ground_and_anything_smaller_is_kept_clear",
    "test_art_over_all_but_a_strip_of_the_safe_area_is_kept_clear_and_the_box_goes_to_the_strip",
    "test_a_channel_between_two_pictures_just_wide_or_just_tall_enough_holds_the_box",
    "test_a_shapes_stroke_counts_by_its_width_only_where_it_is_drawn",
    "test_what_a_group_draws_is_kept_clear_of_where_the_group_puts_it",
    "test_a_qr_code_in_a_turned_group_is_kept_clear_where_the_group_puts_it",
    "test_a_line_of_text_is_kept_clear_by_its_letters",
    "test_on_a_round_or_hex_card_the_box_lies_its_inset_inside_the_cut",
    "test_a_part_with_no_room_is_named_with_the_room_it_needs")]
# a `generate:` block's decks, each on the tiny game in process (the organ-match test compares a whole build: a minute a mutant)
GENERATED_ON_TINY = [f"tests/test_generated_decks.py::{t}" for t in (
    "test_exclusions_and_copies_shape_the_generated_cards", "test_a_generate_mistake_is_found_where_it_is_written",
    "test_generated_ids_are_their_values_with_punctuation_made_dashes_none_at_the_ends_and_yes_no_in_lower_case",
    "test_a_list_of_values_named_count_is_refused_at_its_key", "test_a_generate_block_without_copies_makes_one_of_each_card",
    "test_an_exclusion_of_true_never_drops_the_number_1", "test_an_exclusion_of_1_over_true_and_false_names_nothing_and_its_list_is_written_as_the_yaml_does",
    "test_an_empty_list_of_values_is_one_error_at_the_list", "test_a_deck_with_both_cards_from_and_generate_is_told_of_the_two_keys_it_writes",
    "test_a_deck_with_both_cards_and_generate_is_one_error_at_its_cards", "test_a_generate_block_of_the_wrong_shape_is_one_error_of_its_game_in_its_deck")]
# The bag and box labels' promises, each held by builds of the tiny game in process (test_label_print's first test
# builds the five games, test_labels_cutters' others build germ-tycoon and organ-match: a minute a mutant). Each module
# runs the tests that reach its promise, no more: every label test reaches every label module, at 20 s a mutant.
_PROMISES = "tests/test_label_promises.py::test_"
LABEL_SHEET_TESTS = [*(_PROMISES + t for t in (  # where each slot lies: the presets, a measured sheet, its refusals
    "a_measured_sheet_whose_slots_overlap_or_leave_the_page_is_one_error_at_its_place",
    "a_measured_sheet_on_a_page_of_its_own_size_and_exactly_at_its_edges_prints",
    "labels_past_a_sheets_slots_go_on_the_next_page_each_in_its_slot_two_mm_inside_its_die_cut",
    "the_calibration_line_names_the_sheet_and_sits_above_its_first_row_inside_the_printers_reach",
    "a_games_own_calibration_words_print_in_its_decimal_mark_with_a_dash_for_a_minus_its_font_lacks",
    "an_a4_build_prints_its_labels_on_avery_l7160", "a_round_labels_words_keep_to_the_square_inside_its_circle",
    "a_measured_round_sheet_prints_circles_and_names_itself_in_the_pdf",
    "a_build_on_a_paper_of_its_own_size_still_prints_its_labels_on_the_address_label_sheet",
    "a_sheet_no_slot_of_which_clears_the_machines_marks_is_one_error_naming_the_way_out")),
    "tests/test_labels_cutters.py::test_an_unknown_sheet_is_an_error_at_its_place_naming_the_presets"]
LABEL_PAGE_TESTS = [*(_PROMISES + t for t in (  # where a label is drawn, page after page, the cutter's marks, the outlines' page
    "labels_past_a_sheets_slots_go_on_the_next_page_each_in_its_slot_two_mm_inside_its_die_cut",
    "a_round_labels_words_keep_to_the_square_inside_its_circle",
    "a_cutting_machines_marks_leave_their_slots_empty_and_each_labels_slot_is_its_cut_line",
    "a_sheet_no_slot_of_which_clears_the_machines_marks_is_one_error_naming_the_way_out",
    "the_print_shops_cutter_puts_each_label_pages_cut_in_a_cutcontour_separation",
    "the_calibration_line_names_the_sheet_and_sits_above_its_first_row_inside_the_printers_reach",
    "a_games_own_calibration_words_print_in_its_decimal_mark_with_a_dash_for_a_minus_its_font_lacks",
    "a_measured_sheet_on_a_page_of_its_own_size_and_exactly_at_its_edges_prints",
    "a_measured_round_sheet_prints_circles_and_names_itself_in_the_pdf",
    "the_calibration_pages_outlines_and_the_labels_stop_where_the_printer_stops_on_every_side",
    "the_calibration_line_prints_each_character_of_a_games_words_in_an_embedded_font",
    "a_games_calibration_words_with_braces_of_their_own_print_as_written")),
    "tests/test_labels_cutters.py::test_labels_keep_inside_the_printer_profiles_margin"]
LABEL_TEXT_TESTS = [*(_PROMISES + t for t in (  # what each label says and how it looks, from the pieces' data
    "a_label_takes_the_palette_colour_its_pieces_name_and_the_accent_where_they_name_none",
    "a_labels_colour_is_the_first_its_pieces_name_in_the_palette_and_the_ink_where_there_is_no_accent",
    "a_games_label_template_is_given_each_labels_kind_icon_tint_and_lines",
    "a_label_says_its_count_as_the_data_counts_it_one_in_the_singular_and_each_kind_by_its_name",
    "a_label_template_pnp_cannot_find_is_one_error_at_game_yamls_labels",
    "a_field_no_label_has_is_one_error_at_the_templates_line_naming_the_label",
    "a_label_template_that_fails_for_a_label_is_said_at_its_line_for_that_label",
    "a_sheet_no_slot_of_which_clears_the_machines_marks_is_one_error_naming_the_way_out",
    "a_cutting_machines_marks_leave_their_slots_empty_and_each_labels_slot_is_its_cut_line",
    "an_a4_build_prints_its_labels_on_avery_l7160",
    # what build_labels hands the page: the printer's reach, the game's title, its fallback fonts, the edition's words
    "the_calibration_pages_outlines_and_the_labels_stop_where_the_printer_stops_on_every_side",
    "a_measured_round_sheet_prints_circles_and_names_itself_in_the_pdf",
    "the_calibration_line_prints_each_character_of_a_games_words_in_an_embedded_font",
    "a_games_own_calibration_words_print_in_its_decimal_mark_with_a_dash_for_a_minus_its_font_lacks")),
    "tests/test_label_print.py::test_each_label_says_what_its_deck_or_set_holds_as_the_data_counts_it"]

# test_spreadsheet_decks' tests on the tiny game's deck read in process, less its three whole builds (a deck's PDFs
# compared with the YAML deck's, and a rebuild), which the spreadsheet parts' cheaper tests hold cell by cell
SHEET_DECK_TESTS = [f"tests/test_spreadsheet_decks.py::test_{t}" for t in (
    "headers_are_trimmed_blank_rows_skipped_and_multi_line_cells_kept", "values_are_typed_as_yaml_types_them_and_an_empty_cell_is_an_empty_value",
    "a_template_printing_a_column_left_empty_on_some_rows_builds", "a_deck_forces_a_column_to_text_or_to_a_list",
    "the_copies_column_may_be_called_count_qty_or_quantity", "a_deck_names_its_own_copies_column", "ids_made_from_a_named_column_are_unique_and_stay_put",
    "a_row_without_the_value_its_id_is_made_from_says_to_fill_it", "a_duplicate_header_names_both_columns", "csv_errors_point_at_the_cell",
    "workbook_errors_name_the_sheet_and_cell_and_one_workbook_holds_several_decks", "an_unknown_sheet_is_named_with_the_sheets_there_are",
    "formulas_read_as_the_values_they_computed", "a_sheet_outside_the_game_folder_is_refused", "a_deck_with_cards_and_cards_from_is_refused",
    "a_sheet_that_is_not_utf8_is_located", "loading_never_raises_for_a_bad_sheet", "a_text_sheet_is_read_as_its_program_wrote_it",
    "a_workbooks_numbers_and_dates_are_read_as_the_program_shows_them", "a_number_too_long_to_read_is_one_error_at_its_cell_unless_its_column_is_text",
    "a_row_whose_id_cell_is_empty_is_one_error_at_the_row_and_ids_keep_their_writing",
    "a_named_copies_column_is_typed_by_its_own_name_and_the_other_columns_by_theirs")]

SHOP_TESTS = ["tests/test_preflight_promises.py", "tests/test_shop_promises.py", "tests/test_vendor_mbprint.py", "tests/test_vendor_stamps.py",
              "tests/test_shop_icon_text.py",
              "tests/test_vendors.py::test_a_card_without_a_back_gets_a_blank_back_page_where_the_vendor_pairs_pages"]
_SHOP = "tests/test_shop_promises.py::test_"
# export_vendor.py's parts (issue 101): what each reaches, on the tiny game exported in process a test at a time
SHOP_FILE_TESTS = [*(_SHOP + t for t in (  # each layout's files: their names, pages and sizes, and the plan they are checked by
    "a_63_by_88_deck_is_a_pdf_of_pages_at_its_products_trim_and_the_vendors_bleed",
    "drivethrucards_gets_each_cards_back_then_its_front_and_longpack_a_backs_file_page_for_page",
    "longpacks_backs_file_has_a_blank_page_behind_each_front_without_a_back", "longpack_gets_one_backs_page_for_a_deck_whose_cards_share_their_back",
    "longpack_gets_no_backs_file_for_a_deck_printed_on_one_side", "mbprint_names_its_file_by_the_poker_size_it_prints_a_63_by_88_deck_at",
    "an_offset_printer_gets_every_piece_of_the_game_a_file_each_named_by_its_kind_copy_after_copy",
    "a_card_without_a_back_is_one_page_for_an_offset_printer_and_a_blank_back_page_for_mbprint",
    "mbprints_file_is_the_same_bytes_again_dated_by_no_day_and_marked_for_fogra39",
    "without_ghostscript_mbprints_export_says_how_to_install_it_and_writes_no_pdf",
    "print_and_plays_sheet_holds_the_deck_and_its_backs_page_is_mirrored_left_to_right",  # its sheets: _pdf's RGB drawer
    "a_63_by_88_card_sits_in_the_middle_of_the_poker_cards_file_its_art_filling_it")),  # a smaller piece's offset on its page
    "tests/test_vendor_mbprint.py", "tests/test_vendor_stamps.py", "tests/test_shop_files.py", "tests/test_shop_icon_text.py", "tests/test_pod_files.py"]
SHOP_PNG_TESTS = [_SHOP + t for t in (  # The Game Crafter's and MakePlayingCards' images, quantities.csv and MPC Autofill's order
    "a_63_by_88_deck_is_a_poker_deck_of_png_files_at_the_vendors_pixels_and_dpi", "a_63_by_88_card_sits_in_the_middle_of_the_poker_cards_file_its_art_filling_it",
    "the_game_crafter_gets_the_shared_back_once_and_a_cards_own_back_by_its_name",
    "a_deck_no_product_fits_is_named_the_others_sent_and_readme_lists_every_file_written")]
SHOP_TARGET_TESTS = [*(_SHOP + t for t in (  # what is sent, named, listed in README.txt and counted; the checks traced to their lines
    "a_deck_no_product_fits_is_named_the_others_sent_and_readme_lists_every_file_written",
    "an_offset_printer_gets_every_piece_of_the_game_a_file_each_named_by_its_kind_copy_after_copy",
    "longpack_gets_no_backs_file_for_a_deck_printed_on_one_side", "a_63_by_88_deck_is_a_poker_deck_of_png_files_at_the_vendors_pixels_and_dpi",
    "words_inside_a_vendors_wider_safe_zone_are_warned_once_at_their_template_line",
    "text_set_near_the_edge_is_warned_by_its_words_with_how_many_more_the_line_draws",
    "text_in_a_group_drawn_at_half_size_is_judged_at_the_size_it_prints_against_mbprints_6_pt",
    "a_63_by_88_card_sits_in_the_middle_of_the_poker_cards_file_its_art_filling_it")),  # _collect's bleed: art to every edge
    "tests/test_shop_files.py::test_an_export_that_can_send_nothing_writes_no_folder_and_its_warning_names_no_readme",
    "tests/test_preflight_promises.py::test_validate_for_mbprint_prints_each_refusal_with_a_code_the_exports_page_lists",
    "tests/test_shop_faces.py", "tests/test_vendor_stamps.py", "tests/test_vendor_mbprint.py::test_text_under_6_pt_fails_mbprints_preflight_and_writes_nothing",
    "tests/test_shop_icon_text.py",
    "tests/test_pod_files.py"]  # `--format pod`: the print-on-demand record through the same writer and check
SERVE_PIECES = ["tests/test_serve_pieces.py", "tests/test_serve_promises.py"]  # what the page is handed of each piece, its pictures
TTS_TABLE_TESTS = ["tests/test_tts_table_promises.py", "tests/test_tts_objects.py", *(f"tests/test_tts_save.py::{t}" for t in (
    "test_more_seats_than_the_table_has_lays_out_eight_and_says_where", "test_the_tiny_games_setup_deals_each_seated_player_one_hero_and_turns_one_up",
    "test_a_new_games_decks_are_shuffled_at_load_though_it_has_no_setup", "test_a_game_wider_than_the_room_between_the_hands_gets_a_warning"))]

# module -> the test files that guard it (run with -n 0 inside mutmut's own processes)
MODULES: dict[str, list[str]] = {
    # safety
    "pnp/core/files.py": ["tests/test_file_paths.py"],
    "pnp/core/sealed.py": ["tests/test_sealed_guards.py"],  # test_kept_results' cold-process tests fail under mutmut's stats run
    "pnp/layout/growth.py": ["tests/test_sandbox_calls.py", "tests/test_growth_sizes.py"],  # sizes counted before a thing is made: its FOCUS
    # its guards driven in process: test_hostile's and test_template_bombs' builds take a minute a mutant
    "pnp/layout/sandbox.py": ["tests/test_sandbox_guards.py", "tests/test_sandbox_calls.py", "tests/test_growth_sizes.py"],
    # which files a template may load (moved from sandbox.py in s47), and the code the process kept of a template's source
    "pnp/layout/template_loader.py": ["tests/test_sandbox_guards.py", "tests/test_template_memo.py", "tests/test_template_facts.py"],
    "pnp/serve/editing.py": ["tests/test_editor_guards.py"],  # test_serve_edit's TestClient edits take minutes a mutant under mutmut
    "pnp/serve/editor.py": ["tests/test_editor_guards.py"],
    "pnp/serve/access.py": ["tests/test_serve_gate.py"],  # the token and body gates driven in process: test_serve_access asks a server in a new process
    "pnp/serve/app.py": ["tests/test_serve_gate.py"],
    # the page's state across saves, in three parts of about 20 minutes each (their FOCUS): what a save touches and the
    # stale pictures it leaves; the model the page is handed; the refresh, cards first
    "pnp/serve/session.py#saves": ["tests/test_serve_state.py"],
    "pnp/serve/session.py#model": ["tests/test_serve_state.py"],
    "pnp/serve/session.py#refresh": ["tests/test_serve_state.py"],
    # what the page is handed of each piece, in three parts (their FOCUS): the tiny game's live session in process (test_serve
    # asks a server in a new process), test_serve_pieces' on a copy holding only the documents each test reads; a card's
    # playtest answers beside it, with stamp codes, from test_feedback_stamps' serve test
    "pnp/serve/components.py#cards": [*SERVE_PIECES, "tests/test_feedback_stamps.py::"
                                      "test_pnp_serve_shows_each_cards_answers_beside_it_newest_first_and_marks_those_on_an_older_version"],
    "pnp/serve/components.py#boards": SERVE_PIECES,
    "pnp/serve/components.py#pages": SERVE_PIECES,
    "pnp/serve/images.py": ["tests/test_serve_promises.py"],
    "pnp/serve/stopping.py": ["tests/test_serve_promises.py"],  # its ASGI wrapper driven by hand: test_serve_stop signals a server in a new process
    # print geometry
    "pnp/layout/grids.py": ["tests/test_grids.py"],
    "pnp/render/impose.py": ["tests/test_guard_properties.py", "tests/test_impose.py"],
    "pnp/render/impose.py#marks": ["tests/test_guard_properties.py", "tests/test_impose.py", "tests/test_mark_edges.py"],  # where the crop marks go: its FOCUS
    # bands of one size on a shared page, moved out of impose.py (their marks' caps with them): the packing plans' geometry,
    # and a band beside a short last row of cards read back from the tiny game's last card sheet
    "pnp/render/bands.py": ["tests/test_packing.py", "tests/test_mark_edges.py", "tests/test_token_beside.py"],
    # nesting and cut files: their geometry's unit tests (test_card_nesting's and test_cut_files' builds take a minute a mutant)
    "pnp/render/nesting.py": ["tests/test_nest_properties.py", "tests/test_nest_edges.py"],
    "pnp/render/cutters.py": ["tests/test_cut_geometry.py", "tests/test_guard_properties.py"],
    "pnp/render/cut_dxf.py": ["tests/test_cut_geometry.py"],
    # exports
    "pnp/targets/vendors.py": ["tests/test_vendor_sizes.py", "tests/test_vendor_orders.py",
                               "tests/test_vendors.py::test_the_vendor_table_of_the_docs_is_the_registry"],  # a piece matched to a shop's product, per side and kind
    # every component ordered or named, the README's words, the quote; MakePlayingCards' brackets and Autofill order: the
    # order's documented functions in process (test_vendor_orders, test_vendor_words and test_vendors export whole games a mutant)
    "pnp/targets/vendor_orders.py": ["tests/test_order_promises.py",  # and Placed.offset: a smaller piece in the middle of its product's file
                                     "tests/test_shop_promises.py::test_a_63_by_88_card_sits_in_the_middle_of_the_poker_cards_file_its_art_filling_it"],
    "pnp/targets/order_files.py": ["tests/test_order_promises.py"],
    "pnp/targets/export_tts.py": ["tests/test_tts_sheets.py"],  # its sheets in process: test_export's and test_tables' exports run in a new process
    "pnp/targets/export_vtt.py": ["tests/test_table_files.py"],  # the writer on a table planned by hand: test_tables' exports run in a new process
    "pnp/targets/export_pcio.py": ["tests/test_table_files.py"],
    "pnp/targets/tts.py": ["tests/test_tts_objects.py"],  # what a TTS save says of each object: which face is up, which image a back shows
    # a vendor's export (issue 101): every component matched to the vendor's product or named, each file laid out and
    # read back against the vendor's numbers, MBPrint's outlines and PDF/X-4; the tiny game exported in process, a test
    # its own export (test_vendors and test_order_promises' shop export Organ Match or a whole game a mutant)
    "pnp/targets/export_vendor.py": SHOP_TESTS,
    # its parts not yet run whole (issue 101), each about a hundred mutants: what is sent and its README (`#target`), the
    # faces' checks traced to their template lines (`#traced`), each file's name and plan (`#names`), the
    # one-face-a-page PDFs (`#pages`), a PDF drawn and outlined (`#pdf`); the images are export_png.py's, below
    "pnp/targets/export_vendor.py#target": SHOP_TARGET_TESTS,
    "pnp/targets/export_vendor.py#traced": SHOP_TARGET_TESTS,
    "pnp/targets/export_vendor.py#names": SHOP_FILE_TESTS,
    # the images of both PNG layouts, a vendor's (a face a file, quantities.csv, MPC Autofill's order) and --format png's
    # (a copy and side a file, manifest.csv, the cut mask), from one writer
    "pnp/targets/export_png.py": [*SHOP_PNG_TESTS, "tests/test_export_promises.py", "tests/test_shop_file_places.py", "tests/test_standee_fold.py",
                                  "tests/test_vendors.py::test_mpc_autofill_order_lists_every_face_once_with_its_quantity_and_back_and_its_paths_resolve",
                                  "tests/test_targets.py::test_png_export_has_the_print_services_pixel_sizes",
                                  "tests/test_card_shapes.py::test_exports_follow_the_shape_tts_card_types_and_the_print_services_cut_mask"],
    "pnp/targets/export_vendor.py#pages": SHOP_FILE_TESTS,
    "pnp/targets/export_vendor.py#pdf": SHOP_FILE_TESTS,
    "pnp/targets/vendor_preflight.py": SHOP_TESTS,
    # the words an icon's SVG prints, each at its <text> element and at the size it prints at (a shop's smallest type)
    "pnp/layout/icon_text.py": ["tests/test_shop_icon_text.py"],
    # what a press refuses in a PDF pnp sends it (its FOCUS): its colours, ink, fonts and page boxes, on files drawn or
    # altered by hand in process
    "pnp/targets/preflight.py#pdf": ["tests/test_preflight_promises.py", "tests/test_export_preflight.py", "tests/test_pod_ink.py",
                                     # a picture let go once read, so a PDF of photographic art is not held whole
                                     "tests/test_stream_outputs.py::test_a_pod_pdf_read_from_its_file_is_checked_without_holding_its_pictures"],
    # an image's pixel size, dpi, format and colours against a shop's or Tabletop Simulator's numbers (its FOCUS)
    "pnp/targets/preflight.py#images": ["tests/test_export_preflight.py",
                                        "tests/test_shop_promises.py::test_a_png_off_makeplayingcards_pixels_dpi_format_or_colours_is_refused_by_the_preflight",
                                        "tests/test_targets.py::test_png_export_has_the_print_services_pixel_sizes"],
    # the preflight's file checks (its FOCUS): every file read back against the vendor's numbers, on files drawn or altered
    # by hand and the tiny game's exports that alter them (the shop's other exports pass through them untouched)
    "pnp/targets/vendor_preflight.py#files": ["tests/test_preflight_promises.py", "tests/test_vendor_mbprint.py", "tests/test_shop_icon_text.py", *(f"tests/test_shop_promises.py::{t}" for t in (
        "test_a_png_off_makeplayingcards_pixels_dpi_format_or_colours_is_refused_by_the_preflight",
        "test_a_drivethrucards_file_whose_pages_are_missing_resized_or_out_of_order_is_refused_by_the_preflight",
        "test_each_vendors_rule_of_page_order_refuses_the_other_order",
        "test_ink_past_a_vendors_limit_is_refused_and_rgb_only_where_the_vendor_prints_cmyk"))],
    # its pages' part alone, on files drawn or altered by hand in process (every export reaches these checks, a minute a mutant)
    "pnp/targets/vendor_preflight.py#pages": ["tests/test_preflight_promises.py", *(f"tests/test_shop_promises.py::{t}" for t in (
        "test_a_png_off_makeplayingcards_pixels_dpi_format_or_colours_is_refused_by_the_preflight",
        "test_each_vendors_rule_of_page_order_refuses_the_other_order",
        "test_ink_past_a_vendors_limit_is_refused_and_rgb_only_where_the_vendor_prints_cmyk"))],
    # what the faces set, at its template line: `validate --vendor mbprint --format json` on the tiny game with small and
    # near-the-cut words added, words in a group drawn at half size, and a standee's strip checked for The Game Crafter
    "pnp/targets/vendor_preflight.py#faces": [
        "tests/test_preflight_promises.py::test_validate_for_mbprint_prints_each_refusal_with_a_code_the_exports_page_lists",
        "tests/test_shop_promises.py::test_text_in_a_group_drawn_at_half_size_is_judged_at_the_size_it_prints_against_mbprints_6_pt",
        "tests/test_shop_promises.py::test_text_set_near_the_edge_is_warned_by_its_words_with_how_many_more_the_line_draws",
        "tests/test_shop_faces.py", "tests/test_shop_icon_text.py"],
    # MBPrint's outlines and PDF/X-4 marks: files outlined by a real or a scripted Ghostscript in process, and one export
    # for MBPrint (the shop's MBPrint tests hold the same marks on exports of the tiny game, a minute a mutant)
    "pnp/targets/vendor_pdfx.py": ["tests/test_preflight_promises.py",
                                   "tests/test_vendor_mbprint.py::test_mbprints_file_has_its_text_as_outlines_and_is_pdf_x4"],
    # the table a TTS save sets and its Setup button's deal, on the tiny game exported in process (test_tts_save's
    # other tests read the five games' shared export, minutes a mutant)
    "pnp/targets/tts_table.py": TTS_TABLE_TESTS,
    "pnp/targets/tts_setup.py": TTS_TABLE_TESTS,
    "pnp/targets/tts_models.py": ["tests/test_dice.py::test_a_die_mesh_is_wound_counter_clockwise_seen_from_outside"],
    # sleeve inserts: their geometry's unit tests (the builds that print them take a minute a mutant)
    "pnp/outputs/inserts.py": [f"tests/test_fronts_inserts.py::{t}" for t in (
        "test_a_scaled_insert_covers_the_whole_insert_and_is_centred_on_it",
        "test_an_insert_is_refused_exactly_when_it_cuts_into_the_safe_area_or_is_larger_than_the_card",
        "test_an_insert_is_for_the_smallest_card_it_fits_and_keeps_the_seams_room_on_every_size",
        "test_an_inserts_small_print_keeps_its_size_where_its_scaled_self_would_lie", "test_an_inserts_size_rules_at_their_edges",
        "test_a_refused_insert_says_what_trimming_or_scaling_does_and_what_to_do")],
    # checks
    "pnp/layout/slivers.py": ["tests/test_sliver_edges.py"] + [f"tests/test_slivers.py::{t}" for t in (  # the in-process ones: the others build a game
        "test_a_dark_header_to_the_edge_meets_the_light_foot_of_the_card_above", "test_a_band_inset_from_the_edge_and_light_edges_meet_alike",
        "test_a_warning_names_a_run_of_sheets_as_a_range", "test_two_decks_alike_to_their_edges_are_packed_apart_so_no_cut_shows_one_on_the_other",
        "test_a_back_turned_on_a_gutterfold_sheet_is_read_from_its_turned_edges",
        "test_a_stripe_that_starts_at_the_trim_over_another_colour_slivers_on_its_own_piece")],
    "pnp/layout/readability.py": [f"tests/test_readability.py::{t}" for t in (  # the in-process ones but the ink saver's five games
        "test_body_text_needs_4_5_to_1", "test_large_text_needs_3_to_1", "test_text_is_measured_on_the_band_under_it",
        "test_a_turned_group_is_measured_where_it_lands", "test_text_beside_a_dark_band_is_on_the_paper", "test_icons_need_3_to_1",
        "test_decoration_is_not_read", "test_a_colour_code_must_stay_apart_for_deuteranopes", "test_greyscale_twins_are_found",
        "test_an_icon_per_value_lifts_the_colour_code", "test_a_simulated_preview_agrees_with_the_validator",
        "test_text_across_a_gradients_middle_stop_is_judged_against_it",
        "test_a_radial_gradient_reaches_its_last_stop_at_a_rectangles_corners_and_a_circles_rim",
        "test_a_linear_gradient_runs_from_edge_to_edge_along_its_angle_and_is_interpolated_between_its_stops",
        "test_a_gradient_on_a_small_shape_still_runs_its_whole_length")] + ["tests/test_sliver_edges.py", "tests/test_readability_grounds.py",
                                                                                     "tests/test_readability_edges.py"],
    "pnp/layout/picture_checks.py": [f"tests/test_picture_checks.py::{t}" for t in (  # its rules' unit tests: the others build a game a mutant
        "test_a_pictures_shape_is_judged_against_its_boxs_past_two_percent_and_said_as_it_prints",
        "test_a_picture_prints_at_the_pixels_an_inch_of_the_side_that_sets_its_size_and_below_200_is_said",
        "test_a_picture_with_no_size_or_no_box_is_not_judged_and_one_in_the_project_is_named_from_it",
        "test_a_pictures_bleed_is_no_crop_under_a_cover_fit")],
    "pnp/layout/qr.py": ["tests/test_qr_judged.py"],  # what the QR check judges, on faces drawn by hand
    "pnp/layout/gradients.py": [f"tests/test_readability.py::{t}" for t in (  # its unit tests: the ink saver's builds take minutes a mutant
        "test_text_across_a_gradients_middle_stop_is_judged_against_it",
        "test_a_radial_gradient_reaches_its_last_stop_at_a_rectangles_corners_and_a_circles_rim",
        "test_a_linear_gradient_runs_from_edge_to_edge_along_its_angle_and_is_interpolated_between_its_stops",
        "test_a_gradient_on_a_small_shape_still_runs_its_whole_length")] + ["tests/test_gradients.py"],
    # token sets on the card sheets' last sheet: whether they share, from the data and options alone (test_token_share's builds run the CLI)
    "pnp/outputs/token_share.py": ["tests/test_token_share_plan.py"],
    # what names a card (s20): which fields a face's key and stamp tell apart, and a card's own fields over its deck's
    # (test_stamps' first two tests, each a build of the tiny game twice over, take 40 s a mutant: what they hold, a
    # stamp's text and code on every front, pnp list gives and test_stamp_promises reads)
    "pnp/data/stamps.py": ["tests/test_card_name.py", "tests/test_stamp_parts.py",
                           *(f"tests/test_stamps.py::test_{t}" for t in (
                               "an_edit_to_one_card_changes_that_cards_stamp_alone", "an_edit_to_the_template_changes_the_stamp_of_every_card_it_draws",
                               "stamps_false_leaves_the_faces_unstamped", "pnp_changes_names_the_card_and_field_edited_since_the_last_marked_print",
                               "a_cards_code_is_the_one_earlier_versions_of_pnp_gave_it",
                               "a_code_is_the_first_six_base32_letters_of_the_sha256_of_the_values_and_the_template")),
                           "tests/test_stamp_promises.py::test_pnp_list_gives_each_cards_stamp_and_the_address_its_qr_code_opens",
                           "tests/test_stamp_promises.py::test_a_form_address_takes_the_fields_the_game_names_as_a_browser_would_send_them"],
    # where a stamp goes (s30): the free place nearest its corner, or left off with one warning for the deck; on faces
    # written element by element (the same promises on built sheets, test_stamp_promises' and test_stamp_clear's
    # builds, take a minute a mutant)
    "pnp/layout/free_room.py": FREE_ROOM_TESTS,
    "pnp/layout/stamp.py": ["tests/test_stamp_promises.py", *STAMP_CLEAR_SMALL, "tests/test_feedback_stamps.py"],
    "pnp/outputs/stamping.py": ["tests/test_stamp_promises.py", *STAMP_CLEAR_SMALL, "tests/test_feedback_stamps.py",
                                "tests/test_stamps.py::test_stamps_false_leaves_the_faces_unstamped"],
    "pnp/data/card_fields.py": ["tests/test_card_fields.py"],
    # playtest answers joined only to the card they are sure of, and who answered left out of the project's files
    "pnp/data/answers.py": ["tests/test_feedback_import.py", "tests/test_feedback_stamps.py", "tests/test_feedback_promises.py", "tests/test_real_exports.py"],
    "pnp/data/personal.py": ["tests/test_feedback_import.py", "tests/test_real_exports.py"],
    # what a sheet PDF writes once (s20): operators spelt once per PDF, faces counted by value and found by identity
    "pnp/render/operators.py": ["tests/test_sheet_writing.py", "tests/test_rl_seam.py"],
    "pnp/render/face_uses.py": ["tests/test_sheet_writing.py", "tests/test_face_uses.py", "tests/test_deck_split.py"],
    # a large deck's cards rendered by a helper a part at a time (s29): the parts, what each sends back, the findings
    "pnp/outputs/deck_helper.py": ["tests/test_deck_split.py", "tests/test_deck_helper_inks.py"],
    # kept results
    "pnp/pipeline/results.py": ["tests/test_kept_parts.py"],  # a part kept and read back in process: test_kept_results builds in new processes
    "pnp/pipeline/cache.py": ["tests/test_kept_results.py", "tests/test_kept_work.py"],
    # what the build cache's seal covers: a game's standing and an output's key, held in process (test_kept_builds and
    # test_steady_games hold them through whole builds, a minute a mutant)
    "pnp/pipeline/steady.py": ["tests/test_standing.py"],
    "pnp/pipeline/cache.py#key": ["tests/test_standing.py"],
    # right-to-left words and their vowel marks (issue 78, the last round's)
    "pnp/layout/marks.py": ["tests/test_mark_placement.py", "tests/test_harakat.py", "tests/test_rl_seam.py"],
    # the browser tables' plan (seats, which face is up, which face a back shows, counts), held through plan_table's
    # Table in process (test_tables exports in a new process); the streamed PDF writer, whose bytes are reportlab's;
    # a player aid drawn by the game's own template
    "pnp/targets/table.py": ["tests/test_table_plan.py"],
    "pnp/layout/rl_stream.py": ["tests/test_pdf_stream.py", "tests/test_rl_stream_bytes.py"],
    "pnp/outputs/aid_template.py": ["tests/test_aid_face.py"],
    # the last round's features (s19-guards): the browser tables' picture store and zip, a save during watch's first
    # build, the template memo, words read by language
    "pnp/targets/packaging.py": ["tests/test_picture_store.py"],
    "pnp/pipeline/saves.py": ["tests/test_watch_first_save.py", "tests/test_watch_since.py", *SERVE_SAVES],  # watch's and serve's one rule (s47; was watching.py's)
    "pnp/layout/template_cache.py": ["tests/test_template_memo.py", "tests/test_template_facts.py"],
    "pnp/core/memo.py": ["tests/test_memo_runs.py", "tests/test_session_memory.py"],  # what a session keeps: two builds' asks, no more
    "pnp/data/words.py": ["tests/test_words_languages.py", "tests/test_words_read.py"],
    # headings kept with what follows (Stack.split's choice, on blocks of fixed heights), and a packing plan kept by all it is made from
    "pnp/render/flowables.py": ["tests/test_heading_frames.py"],
    "pnp/render/packing.py#kept": ["tests/test_kept_plans.py", "tests/test_packing.py::test_a_plan_asked_again_is_the_same_and_changing_one_answer_changes_no_other"],
    "pnp/layout/bidi.py": ["tests/test_bidi_rules.py", "tests/test_harakat.py", "tests/test_mixed_direction.py", "tests/test_bundle_words.py::test_a_bracket_in_a_right_to_left_line_is_drawn_as_its_mirror",
                           "tests/test_every_language.py::test_every_language_prints_pnps_words_with_no_finding"],
    # the ink of a page worked out from what it draws (issue 77): a sheet's figure is the raster's where its elements
    # say exactly what prints, and the page is rasterised where they cannot
    "pnp/render/ink_elements.py": ["tests/test_ink_elements.py", "tests/test_ink_areas.py", "tests/test_ink_geometry.py", "tests/test_ink_alike.py",
                                   "tests/test_deck_helper_inks.py", "tests/test_icon_ink.py"],
    # s27's part of it: a face's items with its icons, its figure within its bleed box worked out where it was drawn (its FOCUS)
    "pnp/render/ink_elements.py#faces": ["tests/test_ink_areas.py", "tests/test_icon_ink.py", "tests/test_ink_elements.py", "tests/test_deck_helper_inks.py"],
    # reportlab's Bézier arcs measured (the ink of round shapes), and an icon's ink read once from a raster of it alone
    "pnp/render/arcs.py": ["tests/test_ink_geometry.py"],
    "pnp/render/icon_ink.py": ["tests/test_icon_ink.py"],
    # the form an icon prints in (its place in its box, stroke floor, greeked words, outline), moved out of icon_ink.py
    # and draw.py: the ink tests place and floor icons, the small-print and icon-word tests draw them in figures
    "pnp/render/icon_forms.py": ["tests/test_icon_ink.py", "tests/test_small_print.py", "tests/test_shop_icon_text.py"],
    # what a sheet page's key covers: a page whose key missed a change would take another page's ink figure
    "pnp/render/page_keys.py": ["tests/test_page_keys.py", "tests/test_ink_areas.py", "tests/test_ink_elements.py", "tests/test_ink_alike.py",
                                "tests/test_deck_helper_inks.py"],
    # a line of text's ink from its glyphs' outlines, and when two glyphs may overlap (the font's kept reads emptied
    # under mutmut: its `_FONTS.cache_clear`)
    # the constraints a game states, each kind on games made for its cases
    "pnp/checks/constraints.py": ["tests/test_constraint_checks.py"],
    # the validator's component counts against the rules, on games made for each case
    "pnp/checks/counts.py": ["tests/test_component_counts.py"],  # in process: test_validator runs the command a case
    # the sheets' shared cuts and what a miscut along them shows (the straight path's sliver check), on sheets laid out by hand
    "pnp/render/seams.py": ["tests/test_sheet_seams.py"],
    "pnp/render/glyph_ink.py": ["tests/test_glyph_ink.py", "tests/test_glyph_components.py", "tests/test_ink_elements.py", "tests/test_ink_areas.py"],
    # where each key and value of a YAML file was written, two places packed in one int (s30): every finding's line and column
    "pnp/data/source.py": ["tests/test_yaml_places.py", "tests/test_source.py"],
    "pnp/data/located.py": ["tests/test_yaml_places.py", "tests/test_source.py"],
    # what the face store writes: nothing when a build would write back what it holds (s30)
    "pnp/pipeline/cache.py#store": ["tests/test_speed_paths.py"],
    # a card's fields merged with its deck's defaults, each value and key at its own place or its default's (s30)
    "pnp/layout/hyphenation.py": ["tests/test_hyphenation_rules.py"],  # where a word may break: two letters before, three after, no second hyphen
    # bag and box labels (issue 101): a label's counts, colour and icon from its pieces; each slot where the maker's
    # template puts it; its words inside the slot and the printer's reach; the calibration page
    "pnp/outputs/labels.py": LABEL_TEXT_TESTS,
    "pnp/data/label_sheets.py": LABEL_SHEET_TESTS,
    "pnp/render/labels.py": LABEL_PAGE_TESTS,
    "pnp/data/card_fields.py#places": ["tests/test_card_fields.py", "tests/test_yaml_places.py", "tests/test_spreadsheet_decks.py", "tests/test_generated_decks.py"],
    # a translator's round trip (issue 100, 101): the import's promises, the sheets programs save back, files landed all or none
    # its promises on a `pnp new` game's sheets written by hand, in process (test_translate's fixture exports faces, a
    # few seconds a mutant; test_translate_landing kills processes; the 300,000-column sheet takes 20 s)
    "pnp/targets/translate_import.py": ["tests/test_translate_promises.py", "tests/test_translate.py::test_import_writes_beside_each_kind_of_yaml_value_and_keeps_every_other_line",
                                        *(f"tests/test_translate_samples.py::{t}" for t in (
                                            "test_a_sheet_as_a_spreadsheet_program_saved_it_imports_whole", "test_rows_in_any_order_import_alike",
                                            "test_a_sheet_over_the_size_limit_is_an_error_about_the_sheet",
                                            "test_a_workbook_stretched_past_the_cell_limit_is_an_error_about_the_sheet")), "tests/test_real_exports.py"],
    "pnp/core/landing.py": ["tests/test_translate_landing.py"],
    # the sheet a translator gets (its rows, their `status`) and the digests that say a translation is stale (issue 101)
    # (in process on a `pnp new` game whose German texts stand in every state: test_translate's fixture imports and
    # builds a German deck, seconds a mutant)
    "pnp/targets/translate.py": ["tests/test_translate_promises.py"],
    "pnp/data/translations.py": ["tests/test_translate_promises.py", "tests/test_translation_texts.py", "tests/test_translation_reads.py",
                                 "tests/test_translate.py::test_import_writes_beside_each_kind_of_yaml_value_and_keeps_every_other_line"],
    # a game's files read in a translator's order and a rulebook cut into sections (its FOCUS): the part the first run
    # left, held by the tests written for it (every export reaches these functions: test_translate_promises' fixtures
    # made a surviving mutant a minute)
    "pnp/data/translations.py#sections": ["tests/test_translation_texts.py", "tests/test_translation_reads.py"],
    # the feedback sheet sent to playtesters and the card stamps it is answered by (issue 101)
    "pnp/targets/feedback.py": ["tests/test_feedback_words.py", "tests/test_feedback_promises.py"],  # the sheet, drawn in process
    # die-cut outline files: where one may be, what is refused, the shape read and flattened (test_card_nesting's builds take a minute a mutant)
    "pnp/data/outlines.py": ["tests/test_outline_shapes.py", "tests/test_outline_crossing.py", "tests/test_outline_crossing_shapes.py", "tests/test_shaped_cut_lines.py",
                             "tests/test_outline_promises.py", "tests/test_cut_promises.py"],
    "pnp/data/outlines.py#crossing": ["tests/test_outline_crossing.py", "tests/test_outline_crossing_shapes.py", "tests/test_outline_promises.py"],
    # the sheets' cut lines: each shaped piece's outline on its trim, its art clipped at its bleed, crop marks drawn: its FOCUS
    # (each of test_cut_promises' tests builds its own sheet: a module fixture's build counts under mutmut as its first test's alone)
    "pnp/render/sheets.py#cuts": ["tests/test_cut_promises.py", "tests/test_shaped_cut_lines.py", "tests/test_outline_shapes.py", "tests/test_sheet_geometry.py"],
    "pnp/render/sheet_plan.py#cuts": ["tests/test_cut_promises.py", "tests/test_shaped_cut_lines.py", "tests/test_outline_shapes.py", "tests/test_sheet_geometry.py"],
    # a user's own data whole (issue 101): the designer's spreadsheets and YAML, each by the in-process tests that read
    # or write them (test_hostile_bombs' and test_plain_imports' new processes count as none)
    # a formula with no saved value, never run (test_spreadsheet_decks' and test_real_exports' whole builds left out: their
    # workbooks hold no formula without its value)
    "pnp/data/shown_numbers.py": ["tests/test_number_formats.py", "tests/test_sheets_from_other_tools.py"],  # a workbook number as its cell's format shows it (s47)
    "pnp/data/ods_numbers.py": ["tests/test_sheets_from_other_tools.py"],  # an ODS cell's number style read as a format code (s47)
    "pnp/data/sheet_header.py": ["tests/test_sheets_from_other_tools.py", "tests/test_workbook_shapes.py"],  # a first row that reads as a card (s47)
    # a made id's -2, -3 (s47): a sheet's rows' ids from a named column, a folder's pictures named with no letter an id may hold
    "pnp/data/made_ids.py": ["tests/test_spreadsheet_decks.py::test_ids_made_from_a_named_column_are_unique_and_stay_put",
                             "tests/test_sheets_from_other_tools.py::test_a_folder_of_pictures_named_in_japanese_makes_a_card_of_each"],
    # a folder of pictures as a deck (s46–s48): a card per picture, its copies from `-x3` in its name, Proxy-PDF-Maker's
    # `__` images no card and its `__back` every card's back, the folder inside the game and counted before it is read
    "pnp/data/image_folder.py": ["tests/test_sheets_from_other_tools.py", "tests/test_vocabulary.py", "tests/test_counted_first.py"],
    # a proxy printer's project file as a deck (s49): Proxy-PDF-Maker's proj.json, print-proxy-prep's print.json, their copies and backs
    "pnp/data/proxy_projects.py": ["tests/test_sheets_from_other_tools.py"],
    # where a deck's cards come from (s48's move out of project.py): a sheet, a folder, `generate:`, each mistake at `cards_from`
    "pnp/data/deck_sources.py": ["tests/test_spreadsheet_decks.py", "tests/test_sheets_from_other_tools.py", "tests/test_vocabulary.py",
                                 "tests/test_spreadsheet_promises.py", *GENERATED_ON_TINY],
    # the templates a front runs, read with the engine's syntax: a card's stamp code covers the frame it extends (s47)
    "pnp/data/template_syntax.py": ["tests/test_stamp_parts.py",
                                    "tests/test_stamps.py::test_an_edit_to_the_frame_a_template_extends_changes_the_stamp_of_every_card_drawn_with_it"],
    # which characters are of a script written without spaces: where a line of them breaks, when a value is words to translate
    "pnp/core/unspaced.py": ["tests/test_hyphenation_rules.py",
                             "tests/test_sheets_from_other_tools.py::test_a_japanese_sheets_names_and_texts_reach_the_translators_sheet"],
    "pnp/data/formulas.py": ["tests/test_spreadsheet_promises.py", "tests/test_onramp.py", "tests/test_excel_samples.py", "tests/test_workbook_shapes.py",
                             "tests/test_spreadsheet_decks.py::test_cells_merged_down_rows_are_one_warning_at_the_range_naming_the_rows_that_lose_the_value",
                             "tests/test_spreadsheet_decks.py::test_an_xlsx_formula_without_a_saved_value_is_an_error_at_its_cell_naming_the_formula"],
    # keys written beside a YAML value, every other character kept: the import's own file, test_translate's in-process imports, Excel's CSV
    "pnp/targets/yaml_writes.py": ["tests/test_yaml_write_promises.py", "tests/test_real_exports.py",
                                   *(f"tests/test_translate.py::{t}" for t in ("test_import_writes_beside_each_kind_of_yaml_value_and_keeps_every_other_line",
                                                                               "test_any_translation_written_into_yaml_reads_back_as_the_same_text"))],
    # card rows from CSV, TSV, XLSX and ODS, each finding at its cell (whole: 770 mutants, more than a run finishes; its
    # parts below are run one at a time, each on the cheap in-process tests that reach it: a surviving mutant runs them all)
    "pnp/data/spreadsheet.py": ["tests/test_spreadsheet_promises.py", "tests/test_spreadsheet_decks.py", "tests/test_onramp.py", "tests/test_excel_samples.py",
                                "tests/test_excel_workbook.py", "tests/test_workbook_shapes.py", "tests/test_written_numbers.py", "tests/test_real_exports.py"],
    # a text sheet's rows: its bytes decoded (BOM, CRLF, quoted newlines), its delimiter, the guard, its limits
    "pnp/data/sheet_rows.py#text": ["tests/test_spreadsheet_promises.py", "tests/test_workbook_refusals.py", *SHEET_DECK_TESTS, "tests/test_real_exports.py", "tests/test_written_numbers.py"],
    # a workbook's rows: its sheet chosen or refused, each cell at its sheet and letter, a formula with no saved value, the reader's refusals
    "pnp/data/sheet_rows.py#workbook": ["tests/test_spreadsheet_promises.py", "tests/test_workbook_refusals.py", *SHEET_DECK_TESTS, "tests/test_excel_samples.py", "tests/test_excel_workbook.py",
                                         "tests/test_workbook_shapes.py", "tests/test_real_exports.py"],
    # the header row: which row it is, its fields, the copies column, the options naming columns it lacks
    "pnp/data/spreadsheet.py#columns": ["tests/test_spreadsheet_promises.py", *SHEET_DECK_TESTS, "tests/test_excel_samples.py", "tests/test_workbook_shapes.py"],
    # each row's card: its values typed as written, an empty cell, a made id, a list or text column
    "pnp/data/spreadsheet.py#values": ["tests/test_spreadsheet_promises.py", *SHEET_DECK_TESTS, "tests/test_written_numbers.py", "tests/test_excel_workbook.py"],
    # a zipped workbook measured before it is read, bombs refused at the sheet (test_hostile_bombs' bombs run capped in new processes)
    "pnp/data/workbooks.py": ["tests/test_spreadsheet_promises.py", "tests/test_workbook_refusals.py", "tests/test_excel_samples.py", "tests/test_workbook_shapes.py",
                              "tests/test_hostile_bombs.py::test_an_odd_file_is_a_located_finding_not_an_internal_error",
                              *(f"tests/test_translate_samples.py::{t}" for t in ("test_a_sheet_over_the_size_limit_is_an_error_about_the_sheet",
                                                                                  "test_a_workbook_stretched_past_the_cell_limit_is_an_error_about_the_sheet"))],
    # its refusals (its FOCUS): a workbook too big unpacked, a part damaged or a DTD, a sheet outside the XML parts, each at
    # the sheet's own name; on the in-process tests that hand pnp a workbook (a surviving mutant runs each, about 20 s)
    "pnp/data/workbooks.py#refusals": ["tests/test_spreadsheet_promises.py", "tests/test_workbook_refusals.py", "tests/test_excel_samples.py", "tests/test_workbook_shapes.py",
                                       "tests/test_hostile_bombs.py::test_an_odd_file_is_a_located_finding_not_an_internal_error",
                                       *(f"tests/test_translate_samples.py::{t}" for t in ("test_a_sheet_over_the_size_limit_is_an_error_about_the_sheet",
                                                                                           "test_a_workbook_stretched_past_the_cell_limit_is_an_error_about_the_sheet"))],
    # its counts alone (its FOCUS): what calamine would size memory by, on workbooks check_workbook measures in process
    "pnp/data/workbooks.py#counts": [*(f"tests/test_spreadsheet_promises.py::{t}" for t in (
        "test_a_sheet_one_cell_past_a_thousand_by_a_thousand_is_refused_at_its_last_cell_and_one_at_it_is_read",
        "test_a_decks_workbook_stretched_by_a_stray_cell_is_one_error_at_that_cell_of_its_sheet_by_name",
        "test_a_workbook_claiming_more_shared_texts_than_the_limit_is_refused_and_one_at_it_is_read",
        "test_an_ods_sheets_repeated_rows_and_cells_count_up_to_its_last_value", "test_an_ods_text_saying_more_spaces_than_the_limit_is_refused_at_its_cell",
        "test_an_ods_repeat_calamine_cannot_read_as_a_number_counts_once")), "tests/test_workbook_refusals.py"],
}

NOT_RUN = {None, 2}  # mutmut stopped before it ran the mutant's tests: the run failed, it says nothing of the tests
# A large module's promise sits in a few of its functions: only their mutants are run (the names as written in the
# module; 'Class.method' for a method). A module not named here has all of its mutants run. A key `module#part` scores
# another part of the same module apart, with its own FOCUS (impose.py's sheet grid and its crop marks).
FOCUS: dict[str, list[str]] = {
    "pnp/checks/constraints.py": ["check_unique", "check_range", "_as_written", "check_allowed", "check_contiguous", "check_present", "check_expression"],
    "pnp/checks/counts.py": ["Checker.components", "Checker._chosen", "Checker._items", "Checker.unknown", "Checker._filter", "Checker.compile_expression"],
    "pnp/core/files.py": ["inside", "stays_inside", "ignored_name", "file_name", "folder_to_write", "remove_file",
                          "write_atomic_with", "open_plain", "special_kind", "LeavesFolder.reason"],
    # what a part of the checks keeps and reads back (the parts' keys and the games' commands are test_kept_results', in new processes)
    "pnp/pipeline/results.py": ["Found.of", "kept_part", "kept_part_findings", "findings_of", "_with_reads", "_digest_now", "_under",
                                "shared_folders", "results_path"],
    "pnp/layout/growth.py": ["too_long", "Allowance.add", "text_size", "bounded_items", "sized", "spec_size", "printf_size", "_printf_key",
                             "_skipped", "_count", "_indent", "_wordwrap", "_replace", "replace_size", "_join", "joined_size", "_sum",
                             "_urlize", "_tojson", "method_size", "_items_added", "_text_method_size"],
    "pnp/serve/app.py": ["OwnHostOnly.__call__", "_with_headers", "edit_routes", "_json_object", "_answer", "new_token", "address"],  # its gates
    "pnp/serve/editor.py": ["History.record", "History.counts", "Editor.undo", "Editor.redo", "Editor._step", "_write_back"],
    "pnp/serve/session.py#saves": ["GameView.merge", "_stale_copy", "affected_games", "LiveSession.saw"],
    "pnp/serve/session.py#model": ["GameView.model", "GameView.image_names", "LiveSession._publish", "findings_summary"],
    "pnp/serve/session.py#refresh": ["LiveSession._refresh", "LiveSession._cards"],
    "pnp/serve/components.py#cards": ["shown", "field_rows", "image", "tile", "render_decks", "deck_sections", "card_answers", "documents"],
    "pnp/serve/components.py#boards": ["board_section", "token_section"],
    "pnp/serve/components.py#pages": ["reference_section", "rulebook_section"],
    "pnp/targets/tts_models.py": ["die_mesh"],
    # a vendor's export: what is matched and sent, each layout's pages, where a card sits on its product's file
    "pnp/targets/vendor_preflight.py#files": ["check_file", "_check_pdf", "_order", "order_findings", "small_text_findings", "_text_runs",
                                              "pdfx4_findings", "_fonts"],
    "pnp/targets/preflight.py#pdf": ["pdf_source", "InkScan.__init__", "InkScan.stream", "InkScan._operator", "InkScan._xobject", "InkScan._drawn",
                                     "InkScan._font", "InkScan.note", "InkScan.findings", "_resolved", "box_findings"],
    "pnp/targets/preflight.py#images": ["check_png", "check_tts_sheet", "check_tts_image"],
    "pnp/targets/vendor_preflight.py#pages": ["check_file", "_check_pdf", "_order", "order_findings"],
    "pnp/targets/vendor_preflight.py#faces": ["small_texts", "small_text_finding", "vendor_breaches", "safe_zone_finding", "_subject"],
    "pnp/targets/export_vendor.py": ["vendor_target", "pod_target", "png_target", "_written", "_pages", "_split_sides", "_pairs", "_file_pages", "_sheets", "_keys"],
    "pnp/targets/export_vendor.py#target": ["vendor_target", "pod_target", "png_target", "_written", "_collect"],  # 112 mutants before pod_target and _written
    "pnp/targets/export_vendor.py#traced": ["_traced", "_safe_zone", "_small_text"],  # 100
    "pnp/targets/export_vendor.py#names": ["_file_pages", "_stem", "_keys"],  # 66
    "pnp/targets/export_png.py": ["png_faces", "png_per_copy", "_images", "_faces_component", "_per_copy_component", "manifest_csv"],
    "pnp/targets/export_vendor.py#pages": ["_page_pdfs", "_read_from", "_named_twice", "_called"],
    "pnp/targets/export_vendor.py#pdf": ["_pdf", "_outlined"],  # 111
    # the browser tables' plan: seats, which face is up, which face a back shows, the counts (its layout's sizes and
    # rows, 1,283 mutants whole, are held by test_table_plan's surface and overlap test without being scored)
    "pnp/targets/table.py": ["plan_table", "_table_dice", "_Planning.place", "_Planning._dealt", "_checked_setup", "_shuffled", "_aids_at_seats",
                             "_image_scale", "_collection", "_die_collection", "_PileBlock.place", "_SeatBlock.place"],
    # what a browser table's file says of a planned table (vtt_target and pcio_target, which plan it from a game, are
    # held by test_tables' exports in a new process)
    "pnp/targets/export_tts.py": ["tts_grid", "tts_cell", "tts_image_size", "_deck_backs", "_pasted_sheets", "_sheet_objects"],
    "pnp/targets/export_vtt.py": ["asset_id", "vtt_state", "_buttons", "_deal_ops", "_deck", "_face", "_spot", "_asset", "_n"],
    "pnp/targets/export_pcio.py": ["pcio_widgets", "_deck", "_template", "_asset", "_n"],
    "pnp/outputs/inserts.py": ["Printed.size", "Printed.backs", "Printed.fitted", "Printed.refused", "insert_scale", "insert_face", "insert_card"],
    "pnp/layout/gradients.py": ["placed", "_box", "position", "colour_at_position", "colour_at", "colours_over"],
    "pnp/serve/editing.py": ["placed_elements", "_walk", "_box", "moved", "plan", "_covered", "template_source"],
    "pnp/render/impose.py#marks": ["crop_mark_segments", "_mark_starts", "_mark_lengths", "_fold_marks", "_towards_fold", "_span",
                                    "Sheet.mark_cap", "Sheet.mark_stop", "Sheet.mark_room", "Sheet.marks_fit",
                                    "FoldSheet.mark_cap", "with_edge_bleed"],
    "pnp/pipeline/steady.py": ["Standing.digest", "Standing.same_inputs", "Standing.art_as_read", "standing_of", "_read_outside",
                               "_folder_digests", "_entry_digest", "_record_digest", "_file_digest", "_art_digest", "_options_text",
                               "KeptBuilds.serve", "KeptBuilds._record"],
    "pnp/pipeline/cache.py#key": ["_hash_files", "_file_entry", "GameFiles.__init__", "GameFiles.key", "_project_of", "shared_inputs_hash",
                                  "_folder_hash", "output_key", "deck_files", "input_files", "read_name", "read_path"],
    # what counts as a save, and one made during the first build (Watcher.run's loop after it is test_designer_loop's, a
    # watch in a new process that mutmut maps to no test)
    "pnp/pipeline/saves.py": ["input_filter", "_skipped", "_added", "saved_since"],
    # the process's memo and what it gives back
    "pnp/render/flowables.py": ["Stack._headings_kept_with_next"],
    "pnp/render/packing.py#kept": ["plan_pages"],
    "pnp/render/ink_elements.py#faces": ["face_items", "_text_items", "_icon_item", "items_of", "face_clip", "clip_of", "face_ink",
                                          "FaceInks.__init__", "FaceInks.figure", "PageInks._faces"],
    # the tables read by language (count_of, sheet_words and SheetWords' sayings are held through whole builds' words)
    "pnp/data/words.py": ["_sections", "_table", "words_of", "table_of", "shipped_languages", "lacking_words"],
    "pnp/layout/template_cache.py": ["ProcessTemplates.get", "KeptTemplates.code", "KeptTemplates.facts", "KeptTemplates.text", "_digest", "_named"],
    "pnp/data/located.py": ["LocDict.loc_of", "LocDict.key_loc", "LocDict.value_where", "LocDict.key_where", "LocDict.has_key_loc",
                            "LocDict.set_loc", "LocDict.set_key_loc", "packed_places", "_value_at", "_key_at", "_as_loc", "position", "loc_at"],
    "pnp/data/source.py": ["_Builder.mapping"],
    "pnp/pipeline/cache.py#store": ["FaceStore.save", "FaceStore._holds"],
    "pnp/data/card_fields.py#places": ["merged_fields", "_places_named", "_place_in"],
    "pnp/data/outlines.py#crossing": ["first_crossing", "_meet", "_Work.step"],
    "pnp/data/workbooks.py#counts": ["_XlsxCells.start_row", "_XlsxCells.end_row", "_XlsxCells.cell", "_OdsTable.start_row", "_OdsTable.cell",
                                     "_OdsTable.space", "_OdsTable.end_row", "_OdsTable._check", "_strings", "_count", "cell_reference", "_Part.start",
                                     "_Part.end", "_Part._ods_cell", "_Part._ods_row", "_Part._ods_space", "_Part._ods_row_end", "_Part._ods_table"],
    "pnp/data/workbooks.py#refusals": ["check_workbook", "_read_first", "_reason", "_read_part", "_past_the_table", "_sheet_name", "_no_doctype",
                                       "_check_sheet_parts", "_TooBig.__init__", "_Part.__post_init__", "_Part._relationship", "_Part._sheet", "_local"],
    "pnp/data/sheet_rows.py#text": ["guarded", "unguarded", "sheet_rows", "rows_of", "_text_rows", "read_rows", "text_delimiter", "_sniff_delimiter"],
    "pnp/data/sheet_rows.py#workbook": ["_workbook_rows", "_calamine"],
    "pnp/data/spreadsheet.py#columns": ["read_cards", "_blank", "_is_empty", "_columns", "_field_name", "_copies_column"],
    "pnp/data/spreadsheet.py#values": ["_card", "_made_id", "_slug", "_value", "_typed", "Written.__reduce__", "as_written",
                                       "_as_text", "_number_text"],
    "pnp/render/sheets.py#cuts": ["_draw_faces", "_edge_clip", "_shape_path", "_outlines", "_furniture"],
    "pnp/render/sheet_plan.py#cuts": ["Group.nest", "Group.spacing"],  # a shaped group's nesting and spacing, planned (in sheets.py until s44)
    "pnp/data/translations.py#sections": ["game_places", "_heading", "sections", "section_id", "rulebook_sections"],
    "pnp/render/impose.py": ["Sheet.slot", "Sheet.back_slot", "Sheet.inside_limit", "Sheet.grid_w", "Sheet.grid_h", "Sheet.left",
                             "Sheet.bottom", "fit", "_plan_sheet", "_allowed"],
}

KILLED = {1, 3}  # pytest failed, or raised inside: the mutant was seen
TIMEOUT = {36, -24, 24, 152, 255}  # ran too long: a mutant that hangs the build is seen too


def equivalents() -> dict[str, str]:
    """The survivors named as equivalent mutants: `name  why` a line ('#' starts a comment)."""
    found: dict[str, str] = {}
    if EQUIVALENT_FILE.is_file():
        for line in EQUIVALENT_FILE.read_text(encoding="utf-8").splitlines():
            line = line.split("#", 1)[0].strip()
            if line:
                name, _, why = line.partition(" ")
                found[name] = why.strip()
    return found


def clean_copy(into: Path) -> None:
    """The repository's files as they are in the work tree (uncommitted edits and new files included), none it ignores."""
    names = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT, capture_output=True, check=True).stdout.split(b"\0")
    for raw in names:
        if not raw:
            continue
        name = raw.decode()
        source = ROOT / name
        if source.is_symlink():  # pnp/assets/fonts → fonts/: kept a link, as git keeps it
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            os.symlink(os.readlink(source), into / name)
        elif source.is_file():
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, into / name)


def configure(copy: Path, module: str, tests: list[str]) -> None:
    """Add this module and its tests to the copy's [tool.mutmut] (the last table of pyproject.toml)."""
    pyproject = copy / "pyproject.toml"
    text = pyproject.read_text(encoding="utf-8")
    if "[tool.mutmut]" not in text or "\n[" in text.split("[tool.mutmut]", 1)[1]:
        raise SystemExit("pyproject.toml has no [tool.mutmut] table at its end")
    text += f"only_mutate = {json.dumps([module])}\npytest_add_cli_args_test_selection = {json.dumps(tests)}\n"
    pyproject.write_text(text, encoding="utf-8")


def patterns(module: str) -> list[str]:
    """mutmut's names of the focused functions' mutants (`pnp.core.files.x_inside__mutmut_3`,
    `pnp.core.files.xǁLeavesFolderǁreason__mutmut_1`), as fnmatch patterns; none for a module run whole."""
    dotted = module.split("#")[0].removesuffix(".py").replace("/", ".")
    return [f"{dotted}.x" + ("ǁ" + name.replace(".", "ǁ") if "." in name else "_" + name) + "__mutmut_*" for name in FOCUS.get(module, [])]


def survivor_changes(copy: Path, names: list[str]) -> dict[str, str]:
    """Each survivor's change, from `mutmut show` in the copy: the lines it takes out and puts in."""
    changes = {}
    for name in names:
        shown = subprocess.run([sys.executable, "-m", "mutmut", "show", name], cwd=copy, capture_output=True, text=True).stdout
        lines = [line for line in shown.splitlines() if line[:1] in "+-" and not line.startswith(("+++", "---"))]
        changes[name] = " | ".join(line.strip() for line in lines)[:300]
    return changes


def run_module(module: str, tests: list[str], children: int, keep: bool) -> dict:
    """mutmut on one module (its focused functions) in a fresh copy; its mutants' exit codes read from mutmut's .meta
    file."""
    copy = Path(tempfile.mkdtemp(prefix="pnp-mutation-"))
    try:
        clean_copy(copy)
        configure(copy, module.split("#")[0], tests)
        env = {**os.environ, "PNP_JOBS": "1"}
        done = subprocess.run([sys.executable, "-m", "mutmut", "run", "--max-children", str(children), *patterns(module)], cwd=copy, env=env,
                              capture_output=True, text=True)
        meta = copy / "mutants" / (module.split("#")[0] + ".meta")
        if not meta.is_file():
            tail = (done.stdout + done.stderr)[-3000:]
            return {"module": module, "error": f"mutmut wrote no results (exit {done.returncode}):\n{tail}"}
        codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
        if patterns(module):
            codes = {n: c for n, c in codes.items() if any(fnmatch.fnmatchcase(n, p) for p in patterns(module))}
        tail = "" if all(c not in NOT_RUN for c in codes.values()) else (done.stdout + done.stderr)[-1500:]
        named = equivalents()  # their changes are not shown: `mutmut show` takes seconds a mutant
        alive = sorted(n for n, c in codes.items() if c not in NOT_RUN and c not in KILLED and c not in TIMEOUT and n not in named)
        return {"module": module, "codes": codes, "kept": str(copy) if keep else None, "tail": tail, "changes": survivor_changes(copy, alive)}
    finally:
        if not keep:
            shutil.rmtree(copy, ignore_errors=True)


def score(result: dict, equivalent: dict[str, str]) -> dict:
    codes = {n: c for n, c in result["codes"].items() if c not in NOT_RUN}
    killed = [n for n, c in codes.items() if c in KILLED or c in TIMEOUT]
    alive = sorted(n for n in codes if n not in killed)
    named = [n for n in alive if n in equivalent]
    survived = [n for n in alive if n not in equivalent]
    counted = len(killed) + len(survived)
    return {**result, "not_run": len(result["codes"]) - len(codes), "killed": len(killed), "survived": survived, "equivalent": named,
            "score": 100.0 * len(killed) / counted if counted else None}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", help="modules of MODULES to run (all when none is named)")
    parser.add_argument("--children", type=int, default=2, help="mutants tested at once (default 2)")
    parser.add_argument("--keep", action="store_true", help="keep each module's copy (to `mutmut show` a survivor)")
    parser.add_argument("--markdown", action="store_true", help="print the table for docs/testing.md")
    parser.add_argument("--list", action="store_true", help="print the module → tests mapping and run nothing")
    args = parser.parse_args(argv)
    chosen = args.modules or list(MODULES)
    unknown = [m for m in chosen if m not in MODULES]
    if unknown:
        parser.error(f"not in MODULES: {', '.join(unknown)}")
    if args.list:
        for module in chosen:
            print(f"{module}: {' '.join(MODULES[module])}")
        return 0
    equivalent = equivalents()
    rows = []
    for module in chosen:
        result = run_module(module, MODULES[module], args.children, args.keep)
        if "error" in result:
            print(f"{module}: {result['error']}", flush=True)
            continue
        row = score(result, equivalent)
        rows.append(row)
        if row["not_run"]:
            print(f"{module}: {row['not_run']} mutants not run: mutmut stopped (run with --keep and `mutmut run` in the copy)\n{row['tail']}", flush=True)
        verdict = f"score {row['score']:.0f} %" if row["score"] is not None else "no mutant run"
        print(f"{module}: {row['killed']} killed, {len(row['survived'])} survived, {len(row['equivalent'])} equivalent, {verdict}"
              + (f" (kept in {row['kept']})" if row["kept"] else ""), flush=True)
        for name in row["survived"]:
            print(f"    survived: {name}: {row['changes'].get(name, '')}", flush=True)
    if args.markdown:
        print("\n| module | killed | survived | equivalent | score |\n| --- | --- | --- | --- | --- |")
        for row in rows:
            shown = f"{row['score']:.0f} %" if row["score"] is not None else "not run"
            print(f"| `{row['module']}` | {row['killed']} | {len(row['survived'])} | {len(row['equivalent'])} | {shown} |")
    return 0 if all(not row["survived"] and row["score"] is not None for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
