# The cheapest plan with 2 vCPUs and 4 GiB of RAM in Frankfurt
import pulumi
import pulumi_hosting as hosting

plan = hosting.get_plan_output(region="fra", min_vcpus=2, min_ram_gb=4)

pulumi.export("planId", plan.id)
pulumi.export("pricePerMonth", plan.price_per_month)
