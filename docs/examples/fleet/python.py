# Two groups of servers in two regions, replaced two at a time once healthy, one canary first
import pulumi
import pulumi_hosting as hosting

fleet = hosting.Fleet("fleet",
    defaults=hosting.FleetDefaultsArgs(plan="vc2-1c-1gb", os="ubuntu-24.04", label="{key}", tags=["fleet"]),
    groups=[
        hosting.FleetGroupArgs(name="web", regions=["ewr", "fra"], count=2),
        hosting.FleetGroupArgs(name="db", regions=["ewr", "fra"], plan="vc2-2c-4gb"),
    ],
    max_surge=2,
    health_check=hosting.FleetHealthCheckArgs(url="http://{mainIp}:8080/healthz", grace_seconds=10, healthy_threshold=3, deadline_seconds=300),
    canary=1)
pulumi.export("members", fleet.members)
