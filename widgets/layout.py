"""Layout pixels of the Python-built widgets, in one place (the CSS holds the rest).

Nothing here is a number of a game: these are sizes on the screen.

>>> PX["chart_height"]
'260px'
"""

from __future__ import annotations

#: sizes of ipywidgets parts and charts
PX: dict[str, str] = {
    "count_box": "150px",
    "text_box": "300px",
    "chart_height": "260px",
    "chart_width": "340px",
    "trade_good": "80px",
    "trade_box": "100px",  # its label ("sell", "vendre", "verkopen") and the number
}
#: at most this many ticks on a chart's axis, spaced by one of these times a power of ten
CHART_TICKS = 6
NICE_STEPS = (1, 2, 5, 10)
#: line width and marker size of chart lines
CHART_LINE: dict[str, float] = {"stroke_width": 2.5, "marker_size": 10}
#: the lesson studio: rows of its lists, heights of its text boxes, the width of a control in
#: its panel, and how much of a step's sentence its list shows
STUDIO_ROWS = (2, 6)
STUDIO_HEIGHT = {"text": "4em", "say": "5em"}
STUDIO_WIDTH = "98%"
STUDIO_SAID = 40
#: seconds between two looks of the course page at the learner's progress file
COURSE_POLL_S = 2.0
#: seconds between the board's update and the others' (panels, log, charts) after a click
AFTER_BOARD_S = 0.03
#: the last log entries the board sends for its live region (what one click adds, and more)
LIVE_EVENTS = 12
#: lines of narration kept per task in a walkthrough
WALKTHROUGH_LINES = 12
#: the coach answers "what did that cost?" and "why?" about this many of the last moves
COACH_MOVES = 50
#: chart margins (SVG pixels of bqplot figures)
CHART_MARGIN: dict[str, int] = {"top": 36, "bottom": 40, "left": 48, "right": 96}
#: charts drawn as SVG where bqplot cannot be imported: the picture's size (SVG units, scaled
#: to the chart's width), its right margin (the others are CHART_MARGIN's), text sizes and
#: offsets (the y axis label is turned by y_label_turn degrees), line and marker sizes, the
#: share of a category's width its bars fill, the longest line with a marker at each point
SVG_CHART: dict[str, float] = {
    "width": 480, "height": 260, "right": 16, "title_y": 20, "title_size": 14, "text_size": 11,
    "category_size": 10, "tick_gap": 6, "tick_down": 4, "below_axis": 15, "y_label_x": 13,
    "y_label_turn": -90, "x_label_up": 6, "line_width": 2.5, "marker_radius": 3.5,
    "bar_share": 0.8, "markers_up_to": 40,
}
#: the colours of an SVG chart's grid, axes and text, and its font
SVG_CHART_INK: dict[str, str] = {"grid": "#e4e4e4", "axis": "#777777", "text": "#222222",
                                 "font": "font-family:sans-serif"}

__all__ = ["AFTER_BOARD_S", "COACH_MOVES", "LIVE_EVENTS", "CHART_LINE", "CHART_MARGIN", "CHART_TICKS", "NICE_STEPS", "PX",
           "SVG_CHART", "SVG_CHART_INK", "WALKTHROUGH_LINES"]
