#!/usr/bin/python3
"""Scrapes a coyote-server's HTTP endpoints and parses /metrics with the Prometheus client
library's own parser (Debian's python3-prometheus-client), as Prometheus would read it.

Usage: scrape_metrics.py BASE_URL   (e.g. http://127.0.0.1:9100)
Prints one JSON object: the status of /healthz and /readyz, and for every metric family its
type and samples ({name, labels, value}). Exits 1 if the page does not parse.
"""
import json
import sys
import urllib.error
import urllib.request

from prometheus_client.parser import text_string_to_metric_families


def status_of(url):
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def main():
    base = sys.argv[1]
    with urllib.request.urlopen(base + "/metrics", timeout=5) as response:
        content_type = response.headers.get("Content-Type", "")
        text = response.read().decode("utf-8")
    families = {}
    try:
        for family in text_string_to_metric_families(text):
            families[family.name] = {
                "type": family.type,
                "help": family.documentation,
                "samples": [{"name": s.name, "labels": s.labels, "value": s.value}
                            for s in family.samples],
            }
    except ValueError as error:
        print(json.dumps({"error": str(error)}))
        return 1
    print(json.dumps({"content_type": content_type, "healthz": status_of(base + "/healthz"),
                      "readyz": status_of(base + "/readyz"), "families": families}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
