"""python-fleet: a Python program on the hosting provider's Python SDK (pulumi_hosting), run
through Pulumi's Automation API as an inline program, so the Pulumi CLI is all it needs (no
pulumi-language-python). The plugin comes from the release server the SDK names
(pluginDownloadURL) the first time a stack uses it, or from `pulumi plugin install`.

    python __main__.py <up|preview|destroy> [key=value | secret:key=value]...

Each key=value is set in the stack's config first, in Pulumi.<stack>.yaml of the working
directory, where it stays for later runs (hosting:apiKey belongs in secret:). The state backend,
passphrase and Pulumi home come from the environment, as for the CLI: PULUMI_BACKEND_URL,
PULUMI_CONFIG_PASSPHRASE, PULUMI_HOME. STACK names the stack (dev). The last line printed is
`result: <JSON>` with the change counts and the outputs, secret outputs as "[secret]".
"""

import json
import os
import sys

import pulumi
import pulumi_hosting as hosting
from pulumi import automation as auto


def fleet() -> None:
    """The Pulumi program: two servers on the cheapest plan of Frankfurt, a Fleet of workers, a
    webhook, and the OS image the servers run, found with lookups of the provider plugin. Its
    stack config: label and os (the servers' label and OS slug), workers (the Fleet's servers in
    Newark, 2 by default), webhookUrl and webhookSecret (secret)."""
    cfg = pulumi.Config()
    label = cfg.get("label") or "python-fleet"
    os_slug = cfg.get("os") or "ubuntu-24.04"
    workers = cfg.get_int("workers")

    plan = hosting.get_plan(region="fra")
    image = hosting.get_os_image(slug=os_slug)

    events = hosting.Webhook(
        "events",
        url=cfg.require("webhookUrl"),
        events=[hosting.WebhookEvent.SERVER_CREATED, hosting.WebhookEvent.SERVER_DELETED],
        secret=cfg.require_secret("webhookSecret"),
    )
    after_events = pulumi.ResourceOptions(depends_on=[events])
    for name, region in (("web-1", "fra"), ("web-2", "ewr")):
        server = hosting.Server(
            name,
            region=region,
            plan=plan.id,
            os=image.slug,
            label=label,
            tags=["web", "python"],
            opts=after_events,
        )
        key = name.replace("-", "")
        pulumi.export(f"{key}Ip", server.main_ip)
        pulumi.export(f"{key}Id", server.id)

    # Members worker-ewr-1 ... worker-ewr-<workers>; a new count creates or deletes only the
    # difference. Their OS stays put when the servers' os changes.
    workers_fleet = hosting.Fleet(
        "workers",
        defaults=hosting.FleetDefaultsArgs(plan="vc2-1c-1gb", os="ubuntu-24.04", tags=["fleet", "python"]),
        groups=[hosting.FleetGroupArgs(name="worker", regions=["ewr"], count=2 if workers is None else workers)],
        opts=after_events,
    )
    pulumi.export("planId", plan.id)
    pulumi.export("osName", image.name)
    pulumi.export("webhookId", events.id)
    pulumi.export("fleetMembers", workers_fleet.members)


def set_config(stack: auto.Stack, args: list[str]) -> None:
    for arg in args:
        secret = arg.startswith("secret:")
        key, sep, value = arg.removeprefix("secret:").partition("=")
        if not sep:
            sys.exit(f"python-fleet: config argument {arg!r}: want key=value or secret:key=value")
        stack.set_config(key, auto.ConfigValue(value=value, secret=secret))


def main(argv: list[str]) -> None:
    if len(argv) < 1 or argv[0] not in ("up", "preview", "destroy"):
        sys.exit("usage: python __main__.py <up|preview|destroy> [key=value | secret:key=value]...")
    # The working directory holds the project's Pulumi.yaml and the stack's config file
    # (Pulumi.<stack>.yaml), as beside any Pulumi program, so config set once stays set.
    stack = auto.create_or_select_stack(
        stack_name=os.environ.get("STACK") or "dev",
        project_name="python-fleet",
        program=fleet,
        opts=auto.LocalWorkspaceOptions(work_dir=os.getcwd(), secrets_provider="passphrase"),
    )
    set_config(stack, argv[1:])

    result: dict = {}
    if argv[0] == "up":
        up = stack.up(on_output=print)
        result["changes"] = up.summary.resource_changes
        result["outputs"] = {k: "[secret]" if v.secret else v.value for k, v in up.outputs.items()}
    elif argv[0] == "preview":
        result["changes"] = stack.preview(on_output=print, diff=True).change_summary
    else:
        result["changes"] = stack.destroy(on_output=print).summary.resource_changes
    # OpType keys are str enums: their values ("same", "update", ...) are the JSON keys.
    result["changes"] = {str(getattr(k, "value", k)): n for k, n in (result["changes"] or {}).items()}
    print(f"result: {json.dumps(result, sort_keys=True)}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
