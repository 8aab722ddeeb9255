#!/usr/bin/env python3
"""Prints, as JSON, the GitHub Actions workflow named NAME in README.md's ```yaml blocks, so
that tests run the CI examples users copy.

    readme_workflow.py README.md NAME
"""
import json
import re
import sys

import yaml

readme, name = sys.argv[1:3]
for block in re.findall(r"```yaml\n(.*?)```", open(readme).read(), re.S):
    workflow = yaml.safe_load(block)
    if isinstance(workflow, dict) and workflow.get("name") == name:
        # YAML reads the key `on` as the boolean true.
        workflow["on"] = workflow.pop(True, workflow.get("on"))
        print(json.dumps(workflow))
        sys.exit(0)
sys.exit(f"{readme} has no workflow named {name}")
