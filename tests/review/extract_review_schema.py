#!/usr/bin/env python3
"""Writes create-review.schema.json: the request-body schema of GitHub's "create a review for
a pull request" call, taken from GitHub's OpenAPI description as the npm package
@octokit/openapi publishes it (MIT licence). Only this schema is kept in the repository.

    npm pack @octokit/openapi@23.0.2 && tar xzf octokit-openapi-23.0.2.tgz
    tests/review/extract_review_schema.py package/generated/api.github.com.deref.json
"""
import json
import os
import sys

ROUTE = "/repos/{owner}/{repo}/pulls/{pull_number}/reviews"

description = json.load(open(sys.argv[1]))
operation = description["paths"][ROUTE]["post"]
schema = operation["requestBody"]["content"]["application/json"]["schema"]
out = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$comment": f"POST {ROUTE} ({operation['operationId']}), request body, from GitHub's OpenAPI description "
                f"{description['info']['version']} (npm @octokit/openapi, MIT licence); written by extract_review_schema.py",
    **schema,
}
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "create-review.schema.json")
with open(path, "w") as f:
    json.dump(out, f, indent=2)
    f.write("\n")
print(f"wrote {path}")
