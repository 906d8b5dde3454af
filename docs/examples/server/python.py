# A server on the cheapest plan with 2 vCPUs in Frankfurt
import pulumi
import pulumi_hosting as hosting

plan = hosting.get_plan_output(region="fra", min_vcpus=2)

web = hosting.Server("web",
    region="fra",
    plan=plan.id,
    os="ubuntu-24.04",
    label="web-1",
    tags=["web"],
    power_state=hosting.PowerState.RUNNING)

pulumi.export("mainIp", web.main_ip)
pulumi.export("status", web.status)
