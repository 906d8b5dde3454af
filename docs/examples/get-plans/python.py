# The dedicated plans offered in Amsterdam, cheapest first
import pulumi
import pulumi_hosting as hosting

dedicated = hosting.get_plans_output(type="vdc", region="ams")

pulumi.export("planIds", dedicated.ids)
