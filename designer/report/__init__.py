"""Reports and exports: JSON report, PDF proposal, BOM, GraphML and SVG."""
