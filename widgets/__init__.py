"""Interactive JupyterLab front for mp_tutor (anywidget board, panels, charts)."""
